-- Balance locks: the one place that decides in which order a ledger write locks rows, so
-- two writes can never deadlock on each other.
--
-- ledger_lock_balances(accounts, assets): locks the balance rows of these (account, asset)
-- pairs in (account_id, asset) order, creating the missing ones first (a platform account
-- may go below zero, a client account never). Before that it share-locks the client
-- accounts involved, in id order, and refuses a closed one (CW005): closing an account
-- (which locks its row for update, then checks its balances) waits for movements in
-- flight, and movements after it see it closed.
CREATE OR REPLACE FUNCTION ledger_lock_balances(p_accounts int[], p_assets text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_wanted int;
  v_locked int;
BEGIN
  PERFORM 1 FROM accounts a WHERE a.id = ANY(p_accounts) AND a.kind = 'CLIENT' ORDER BY a.id FOR SHARE;
  IF EXISTS (SELECT 1 FROM accounts a WHERE a.id = ANY(p_accounts) AND NOT a.active) THEN
    RAISE EXCEPTION 'account is closed' USING ERRCODE = 'CW005';
  END IF;
  SELECT count(*) INTO v_wanted FROM (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) d;
  -- Fast path: lock the rows first and create only the missing ones, so a posting between
  -- existing balances does no speculative inserts.
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
