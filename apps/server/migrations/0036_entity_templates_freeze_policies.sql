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
--> statement-breakpoint
CREATE TABLE "entity_tree_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_profiles" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "roll_profiles" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "approver_group_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "approver_group_id" integer;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_approver_group_id_groups_id_fk" FOREIGN KEY ("approver_group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- One row; a CHECK keeps it one.
ALTER TABLE "entity_tree_version" ADD CONSTRAINT "entity_tree_version_one_row" CHECK ("id");
--> statement-breakpoint
INSERT INTO "entity_tree_version" ("id", "version") VALUES (true, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Any change to the tree, by any writer, bumps the version in its own transaction: readers
-- see the new version exactly when they can see the change (MVCC), never before it commits.
CREATE FUNCTION entity_tree_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entity_tree_version SET version = version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entities_tree_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON entities
  FOR EACH STATEMENT EXECUTE FUNCTION entity_tree_version_bump();
