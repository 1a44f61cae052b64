-- Fast path: lock the balance rows first and create only the ones that are missing, so a
-- posting between existing balances does no speculative inserts.
CREATE OR REPLACE FUNCTION ledger_lock_balances(p_accounts int[], p_assets text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_wanted int;
  v_locked int;
BEGIN
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
