-- Group commit for transfers: many independent transfers in one database transaction.
-- Every balance row of the batch is locked first, in (account_id, asset) order, so two
-- batches can never deadlock. Then, in input order, each transfer debits its source only
-- if the available balance (after the earlier transfers of the batch) covers it, and
-- credits its destination; a refused transfer changes nothing and answers its SQLSTATE
-- (23514 insufficient funds, CW001 not a valid transfer). The booked transfers' ledger
-- transactions and postings are then written set-wise. The balances CHECK stays the backstop.
-- Returns one row per input position: the transaction id, or the SQLSTATE that refused it.
CREATE FUNCTION ledger_transfer_batch(
  p_kinds text[], p_references text[], p_principal_kinds text[], p_principal_ids text[], p_entities int[],
  p_memos text[], p_from int[], p_to int[], p_assets text[], p_amounts numeric[]
) RETURNS TABLE (idx int, txn bigint, failure text) LANGUAGE plpgsql AS $$
DECLARE
  v_n int := coalesce(array_length(p_from, 1), 0);
  v_ids bigint[] := '{}';
  v_failures text[] := '{}';
  v_moved int;
BEGIN
  PERFORM ledger_lock_balances(p_from || p_to, p_assets || p_assets);
  FOR i IN 1 .. v_n LOOP
    v_ids[i] := NULL;
    v_failures[i] := NULL;
    IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 OR p_from[i] = p_to[i] THEN
      v_failures[i] := 'CW001';
      CONTINUE;
    END IF;
    UPDATE balances SET posted = posted - p_amounts[i]
     WHERE account_id = p_from[i] AND asset = p_assets[i] AND (allow_negative OR posted - held >= p_amounts[i]);
    GET DIAGNOSTICS v_moved = ROW_COUNT;
    IF v_moved = 0 THEN
      v_failures[i] := '23514';
      CONTINUE;
    END IF;
    UPDATE balances SET posted = posted + p_amounts[i] WHERE account_id = p_to[i] AND asset = p_assets[i];
    v_ids[i] := nextval('ledger_transactions_id_seq'::regclass);
  END LOOP;
  INSERT INTO ledger_transactions (id, kind, reference, principal_kind, principal_id, acting_entity_id, memo)
    SELECT v_ids[g], p_kinds[g], p_references[g], p_principal_kinds[g], p_principal_ids[g], p_entities[g], p_memos[g]
      FROM generate_series(1, v_n) g WHERE v_ids[g] IS NOT NULL;
  INSERT INTO postings (transaction_id, account_id, asset, amount)
    SELECT v_ids[g], p_from[g], p_assets[g], -p_amounts[g] FROM generate_series(1, v_n) g WHERE v_ids[g] IS NOT NULL
    UNION ALL
    SELECT v_ids[g], p_to[g], p_assets[g], p_amounts[g] FROM generate_series(1, v_n) g WHERE v_ids[g] IS NOT NULL;
  RETURN QUERY SELECT g, v_ids[g], v_failures[g] FROM generate_series(1, v_n) g ORDER BY g;
END;
$$;
