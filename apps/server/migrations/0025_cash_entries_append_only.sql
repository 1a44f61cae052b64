-- A cash entry is the record of a booking: corrections are reversals (new entries pointing
-- at the one they undo, migration 0024), never edits, so the table refuses UPDATE and
-- DELETE like the ledger's own tables.
CREATE TRIGGER cash_entries_append_only BEFORE UPDATE OR DELETE ON cash_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
