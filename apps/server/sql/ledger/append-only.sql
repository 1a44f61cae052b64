-- The ledger's records are append-only: a correction is a new, reversing transaction. The
-- triggers on postings, ledger_transactions and cash_entries (migrations 0008 and 0025)
-- call this function for every UPDATE and DELETE.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
