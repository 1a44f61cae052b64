CREATE TABLE "ssi_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"tag_memo" text
);
--> statement-breakpoint
CREATE TABLE "ssi_assignments" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssi_bank_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"currency" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"iban" text,
	"account_number" text,
	"bic" text NOT NULL,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "ssi_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ssi_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "ssi_addresses" ADD CONSTRAINT "ssi_addresses_profile_id_ssi_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."ssi_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_addresses" ADD CONSTRAINT "ssi_addresses_asset_currencies_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_assignments" ADD CONSTRAINT "ssi_assignments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_assignments" ADD CONSTRAINT "ssi_assignments_profile_id_ssi_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."ssi_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_bank_instructions" ADD CONSTRAINT "ssi_bank_instructions_profile_id_ssi_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."ssi_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_bank_instructions" ADD CONSTRAINT "ssi_bank_instructions_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ssi_addresses_profile_idx" ON "ssi_addresses" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "ssi_bank_profile_idx" ON "ssi_bank_instructions" USING btree ("profile_id");