CREATE TABLE "entity_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency_code" text,
	"conversion_profile_id" integer,
	"roll_profile_id" integer,
	"trading_enabled" boolean DEFAULT false NOT NULL,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_policies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "frozen_by" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "entity_templates" ADD CONSTRAINT "entity_templates_owner_entity_id_entities_id_fk" FOREIGN KEY ("owner_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_templates" ADD CONSTRAINT "entity_templates_parent_id_entities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_templates" ADD CONSTRAINT "entity_templates_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_templates" ADD CONSTRAINT "entity_templates_conversion_profile_id_conversion_profiles_id_fk" FOREIGN KEY ("conversion_profile_id") REFERENCES "public"."conversion_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_templates" ADD CONSTRAINT "entity_templates_roll_profile_id_roll_profiles_id_fk" FOREIGN KEY ("roll_profile_id") REFERENCES "public"."roll_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entity_templates_owner_name_idx" ON "entity_templates" USING btree ("owner_entity_id","name");--> statement-breakpoint
CREATE INDEX "entities_frozen_idx" ON "entities" USING btree ("path") WHERE "entities"."frozen_at" is not null;