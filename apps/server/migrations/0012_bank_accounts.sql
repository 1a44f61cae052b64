CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"beneficiary_name" text NOT NULL,
	"beneficiary_address" text NOT NULL,
	"bank_name" text NOT NULL,
	"iban" text,
	"account_number" text,
	"bic" text NOT NULL,
	"currency" text NOT NULL,
	"status" "destination_status" DEFAULT 'ACTIVE' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"request_id" bigint,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_entity_idx" ON "bank_accounts" USING btree ("entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_live_idx" ON "bank_accounts" USING btree ("entity_id",coalesce("iban", "account_number"),"currency") WHERE "bank_accounts"."status" = 'ACTIVE';