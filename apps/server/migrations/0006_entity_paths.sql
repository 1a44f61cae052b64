-- Materialized entity paths (`/1/7/42/`), kept by the database itself so that every
-- writer — service, seed or test — gets them right, and moves cannot create cycles.
CREATE FUNCTION entities_set_path() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_path text;
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.path := '/' || NEW.id || '/';
  ELSE
    SELECT path INTO parent_path FROM entities WHERE id = NEW.parent_id;
    IF parent_path IS NULL THEN
      RAISE EXCEPTION 'parent entity % does not exist', NEW.parent_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF TG_OP = 'UPDATE' AND parent_path LIKE OLD.path || '%' THEN
      RAISE EXCEPTION 'an entity cannot move below itself' USING ERRCODE = 'check_violation';
    END IF;
    NEW.path := parent_path || NEW.id || '/';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entities_path_on_insert BEFORE INSERT ON entities
  FOR EACH ROW EXECUTE FUNCTION entities_set_path();
--> statement-breakpoint
CREATE TRIGGER entities_path_on_move BEFORE UPDATE OF parent_id ON entities
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION entities_set_path();
--> statement-breakpoint
CREATE FUNCTION entities_move_subtree() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entities SET path = NEW.path || substr(path, length(OLD.path) + 1)
  WHERE path LIKE OLD.path || '%' AND id <> NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entities_subtree_on_move AFTER UPDATE OF parent_id ON entities
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION entities_move_subtree();
--> statement-breakpoint
WITH RECURSIVE tree AS (
  SELECT id, '/' || id || '/' AS path FROM entities WHERE parent_id IS NULL
  UNION ALL
  SELECT e.id, t.path || e.id || '/' FROM entities e JOIN tree t ON e.parent_id = t.id
)
UPDATE entities e SET path = tree.path FROM tree WHERE e.id = tree.id;
--> statement-breakpoint
INSERT INTO conversion_profiles (name, description) VALUES
  ('Standard', 'Converts at the mid rate plus the standard spread'),
  ('Institutional', 'Converts at the mid rate plus a reduced spread')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO roll_profiles (name, description) VALUES
  ('Daily', 'Rolls open positions every business day'),
  ('Weekly', 'Rolls open positions every Friday')
ON CONFLICT DO NOTHING;
