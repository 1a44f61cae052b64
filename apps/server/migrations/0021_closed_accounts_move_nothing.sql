-- A closed account moves nothing: every movement locks its balances through
-- ledger_lock_balances (migration 0009), which now also share-locks the client accounts
-- involved and refuses a closed one with CW005. Otherwise unchanged.
CREATE OR REPLACE FUNCTION ledger_lock_balances(p_accounts int[], p_assets text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_wanted int;
  v_locked int;
BEGIN
  -- A share lock on the client accounts: closing one (account.update, which locks the row
  -- for update and then checks its balances) waits for movements in flight, and movements
  -- after it see it closed.
  PERFORM 1 FROM accounts a WHERE a.id = ANY(p_accounts) AND a.kind = 'CLIENT' ORDER BY a.id FOR SHARE;
  IF EXISTS (SELECT 1 FROM accounts a WHERE a.id = ANY(p_accounts) AND NOT a.active) THEN
    RAISE EXCEPTION 'account is closed' USING ERRCODE = 'CW005';
  END IF;
  SELECT count(*) INTO v_wanted FROM (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) d;
  PERFORM 1 FROM balances b
    JOIN (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) k ON b.account_id = k.acc AND b.asset = k.a
   ORDER BY b.account_id, b.asset
     FOR UPDATE OF b;
  GET DIAGNOSTICS v_locked = ROW_COUNT;
  IF v_locked < v_wanted THEN
    INSERT INTO balances (account_id, asset, allow_negative)
      SELECT DISTINCT k.acc, k.a, a.kind = 'PLATFORM'
        FROM unnest(p_accounts, p_assets) AS k(acc, a) JOIN accounts a ON a.id = k.acc
      ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
    PERFORM 1 FROM balances b
      JOIN (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) k ON b.account_id = k.acc AND b.asset = k.a
     ORDER BY b.account_id, b.asset
       FOR UPDATE OF b;
  END IF;
END;
$$;
