-- ledger_reverse: posts the opposite of a transaction (through ledger_post, so a reversal
-- that would overdraw a client account is refused like any movement) as a new
-- transaction pointing at it. Each transaction is reversed at most once (CW003; the
-- unique index on reverses_id is the backstop).
CREATE OR REPLACE FUNCTION ledger_reverse(
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
