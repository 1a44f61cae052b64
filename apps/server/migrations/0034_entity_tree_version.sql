CREATE TABLE "entity_tree_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
