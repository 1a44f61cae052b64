-- The ledger's write path. Each function is one round trip, runs inside the caller's
-- transaction, locks the balance rows it touches in (account_id, asset) order, and keeps
-- balances equal to the sum of their postings. SQLSTATEs: CW001 unbalanced, CW002 hold
-- already resolved, CW003 transaction already reversed; 23514 (check) is insufficient funds.

CREATE FUNCTION ledger_lock_balances(p_accounts int[], p_assets text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO balances (account_id, asset, allow_negative)
    SELECT DISTINCT k.acc, k.a, a.kind = 'PLATFORM'
      FROM unnest(p_accounts, p_assets) AS k(acc, a) JOIN accounts a ON a.id = k.acc
    ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM balances b
    JOIN (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) k ON b.account_id = k.acc AND b.asset = k.a
   ORDER BY b.account_id, b.asset
     FOR UPDATE OF b;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_post(
  p_kind text, p_reference text, p_principal_kind text, p_principal_id text, p_entity int, p_memo text,
  p_accounts int[], p_assets text[], p_amounts numeric[], p_reverses bigint DEFAULT NULL
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_txn bigint;
  v_bad text;
BEGIN
  SELECT a INTO v_bad FROM unnest(p_assets, p_amounts) AS x(a, amt) GROUP BY a HAVING sum(amt) <> 0 LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'transaction does not balance in %', v_bad USING ERRCODE = 'CW001';
  END IF;
  PERFORM ledger_lock_balances(p_accounts, p_assets);
  INSERT INTO ledger_transactions (kind, reference, principal_kind, principal_id, acting_entity_id, memo, reverses_id)
    VALUES (p_kind, p_reference, p_principal_kind, p_principal_id, p_entity, p_memo, p_reverses)
    RETURNING id INTO v_txn;
  INSERT INTO postings (transaction_id, account_id, asset, amount)
    SELECT v_txn, acc, a, amt FROM unnest(p_accounts, p_assets, p_amounts) AS x(acc, a, amt);
  UPDATE balances b SET posted = b.posted + d.total
    FROM (SELECT acc, a, sum(amt) AS total FROM unnest(p_accounts, p_assets, p_amounts) AS x(acc, a, amt) GROUP BY acc, a) d
   WHERE b.account_id = d.acc AND b.asset = d.a;
  RETURN v_txn;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_hold_place(p_account int, p_asset text, p_amount numeric, p_reference text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_hold bigint;
BEGIN
  PERFORM ledger_lock_balances(ARRAY[p_account], ARRAY[p_asset]);
  UPDATE balances SET held = held + p_amount WHERE account_id = p_account AND asset = p_asset;
  INSERT INTO holds (account_id, asset, amount, reference) VALUES (p_account, p_asset, p_amount, p_reference)
    RETURNING id INTO v_hold;
  RETURN v_hold;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_hold_post(
  p_hold bigint, p_counter int, p_kind text, p_principal_kind text, p_principal_id text, p_entity int, p_memo text
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h holds%ROWTYPE;
  v_txn bigint;
BEGIN
  SELECT * INTO h FROM holds WHERE id = p_hold FOR UPDATE;
  IF NOT FOUND OR h.status <> 'PLACED' THEN
    RAISE EXCEPTION 'hold % is not open', p_hold USING ERRCODE = 'CW002';
  END IF;
  PERFORM ledger_lock_balances(ARRAY[h.account_id, p_counter], ARRAY[h.asset, h.asset]);
  UPDATE balances SET held = held - h.amount WHERE account_id = h.account_id AND asset = h.asset;
  v_txn := ledger_post(p_kind, h.reference, p_principal_kind, p_principal_id, p_entity, p_memo,
    ARRAY[h.account_id, p_counter], ARRAY[h.asset, h.asset], ARRAY[-h.amount, h.amount]);
  UPDATE holds SET status = 'POSTED', transaction_id = v_txn, resolved_at = now() WHERE id = p_hold;
  RETURN v_txn;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_hold_void(p_hold bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h holds%ROWTYPE;
BEGIN
  SELECT * INTO h FROM holds WHERE id = p_hold FOR UPDATE;
  IF NOT FOUND OR h.status <> 'PLACED' THEN
    RAISE EXCEPTION 'hold % is not open', p_hold USING ERRCODE = 'CW002';
  END IF;
  PERFORM ledger_lock_balances(ARRAY[h.account_id], ARRAY[h.asset]);
  UPDATE balances SET held = held - h.amount WHERE account_id = h.account_id AND asset = h.asset;
  UPDATE holds SET status = 'VOIDED', resolved_at = now() WHERE id = p_hold;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_reverse(
  p_txn bigint, p_principal_kind text, p_principal_id text, p_entity int, p_memo text
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_accounts int[];
  v_assets text[];
  v_amounts numeric[];
  v_reference text;
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_transactions WHERE reverses_id = p_txn) THEN
    RAISE EXCEPTION 'transaction % is already reversed', p_txn USING ERRCODE = 'CW003';
  END IF;
  SELECT array_agg(account_id ORDER BY id), array_agg(asset ORDER BY id), array_agg(-amount ORDER BY id)
    INTO v_accounts, v_assets, v_amounts FROM postings WHERE transaction_id = p_txn;
  SELECT reference INTO v_reference FROM ledger_transactions WHERE id = p_txn;
  IF v_accounts IS NULL THEN
    RAISE EXCEPTION 'transaction % does not exist', p_txn USING ERRCODE = 'CW003';
  END IF;
  RETURN ledger_post('REVERSAL', v_reference, p_principal_kind, p_principal_id, p_entity, p_memo,
    v_accounts, v_assets, v_amounts, p_txn);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
