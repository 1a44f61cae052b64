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
