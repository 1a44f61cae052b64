-- ledger_transfer_batch (migration 0017) without a statement per transfer: after the
-- balance rows are locked, their available amounts are read once, the transfers are
-- checked in input order in memory (a transfer may spend what an earlier one of the batch
-- credited, exactly as if they ran one after the other), and the batch's net change per
-- balance row is written by one UPDATE. Same signature, same answers.
CREATE OR REPLACE FUNCTION ledger_transfer_batch(
  p_kinds text[], p_references text[], p_principal_kinds text[], p_principal_ids text[], p_entities int[],
  p_memos text[], p_from int[], p_to int[], p_assets text[], p_amounts numeric[]
) RETURNS TABLE (idx int, txn bigint, failure text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_n int := coalesce(array_length(p_from, 1), 0);
  v_rows text[];       -- the batch's balance rows as 'account/asset'
  v_accounts int[];
  v_assets text[];
  v_free numeric[];    -- per row: what it may still send; NULL for a platform account (no limit)
  v_delta numeric[];   -- per row: the batch's net change
  v_ids bigint[] := '{}';
  v_failures text[] := '{}';
  f int;
  t int;
BEGIN
  PERFORM ledger_lock_balances(p_from || p_to, p_assets || p_assets);
  SELECT array_agg(b.account_id || '/' || b.asset), array_agg(b.account_id), array_agg(b.asset),
         array_agg(CASE WHEN b.allow_negative THEN NULL ELSE b.posted - b.held END), array_agg(0::numeric)
    INTO v_rows, v_accounts, v_assets, v_free, v_delta
    FROM balances b
    JOIN (SELECT DISTINCT acc, a FROM unnest(p_from || p_to, p_assets || p_assets) AS k(acc, a)) k
      ON b.account_id = k.acc AND b.asset = k.a;
  FOR i IN 1 .. v_n LOOP
    v_ids[i] := NULL;
    v_failures[i] := NULL;
    IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 OR p_from[i] = p_to[i] THEN
      v_failures[i] := 'CW001';
      CONTINUE;
    END IF;
    f := array_position(v_rows, p_from[i] || '/' || p_assets[i]);
    t := array_position(v_rows, p_to[i] || '/' || p_assets[i]);
    IF v_free[f] < p_amounts[i] THEN
      v_failures[i] := '23514';
      CONTINUE;
    END IF;
    v_free[f] := v_free[f] - p_amounts[i];
    v_free[t] := v_free[t] + p_amounts[i];
    v_delta[f] := v_delta[f] - p_amounts[i];
    v_delta[t] := v_delta[t] + p_amounts[i];
    v_ids[i] := nextval('ledger_transactions_id_seq'::regclass);
  END LOOP;
  UPDATE balances b SET posted = b.posted + d.delta
    FROM unnest(v_accounts, v_assets, v_delta) AS d(acc, a, delta)
   WHERE d.delta <> 0 AND b.account_id = d.acc AND b.asset = d.a;
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
--> statement-breakpoint
-- cash_entry_book_batch: group commit for back-office bookings. On this kind of machine a
-- database round trip costs far more than the work inside it, so the bookings that arrive
-- at the same moment travel together: one call books them all, set-wise, in one
-- transaction. Each item keeps the guarantees of cash_entry_book (migrations 0019–0020),
-- which this replaces (a batch of one is the single booking):
--   * its accounts lie in the acting entity's subtree (else CW404) and none belongs to the
--     booker's home entity (else CW403), checked before anything is written;
--   * its Idempotency-Key is claimed once per principal: a key already answered replays
--     the stored response, a key used with another body (or still unanswered) is CW409; an
--     item repeating an earlier item's key in the same batch gets that item's answer (or
--     CW409 when its body differs);
--   * its money moves through ledger_transfer_batch (migration 0017: balance rows locked
--     in (account, asset) order, refused items change nothing: 23514 insufficient funds,
--     CW001 not a valid transfer), and a refused item's key claim is withdrawn, so the
--     caller may retry with the same key;
--   * a booked item writes its cash entry, audit row and stored response.
-- A refusal of one item never touches the others. An error that aborts the whole batch
-- (a closed account, CW005, from the balance locks) rolls all of it back; the server then
-- books each item alone to give each its own answer.
-- Returns one row per item, in order: its cash entry as JSON, or the SQLSTATE refusing it.
-- Both functions plan their statements once per connection (force_generic_plan): the
-- statements have the same shape at every call, and re-planning them for each batch cost
-- more than running them.
CREATE TYPE cash_booking AS (
  principal_kind text, principal_id text, principal_name text, home_entity int, key text, request_hash text,
  type text, acting_entity int, from_account int, to_account int, account int, counter int,
  asset text, amount numeric, scale int, value_date text, reference text, memo text,
  ip text, user_agent text, input jsonb
);
--> statement-breakpoint
DROP FUNCTION cash_entry_book(text, text, text, int, text, text, text, int, int, int, int, int, text, numeric, int, text, text, text, text, text, jsonb);
--> statement-breakpoint
CREATE FUNCTION cash_entry_book_batch(p_items jsonb)
RETURNS TABLE (idx int, entry jsonb, failure text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_items cash_booking[] := ARRAY(
    SELECT jsonb_populate_record(NULL::cash_booking, e) FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(e, o) ORDER BY o);
  v_n int := coalesce(array_length(v_items, 1), 0);
  v_first int[];      -- per item: the first item of the batch with the same principal and key
  v_failure text[];   -- per item: why it is refused
  v_entry jsonb[];    -- per item: its answer
  v_book int[];       -- the items whose key this batch claimed, in order
  v_txn bigint[];     -- per claimed item: its ledger transaction
  v_refused text[];   -- per claimed item: why the ledger refused it
  v_seen idempotency_keys%ROWTYPE;
  v_g int;
  v_answer jsonb;
BEGIN
  v_first := ARRAY(
    SELECT min(g) OVER (PARTITION BY (v_items[g]).principal_kind, (v_items[g]).principal_id, (v_items[g]).key)
      FROM generate_series(1, v_n) g ORDER BY g);
  v_entry := array_fill(NULL::jsonb, ARRAY[v_n]);
  v_failure := ARRAY(
    SELECT CASE
      WHEN v_first[g] <> g THEN NULL
      WHEN (SELECT count(*) FROM accounts acc JOIN entities ent ON ent.id = acc.entity_id
             WHERE acc.id IN ((v_items[g]).account, (v_items[g]).counter) AND acc.kind = 'CLIENT'
               AND ent.path LIKE (SELECT top.path FROM entities top WHERE top.id = (v_items[g]).acting_entity) || '%')
           <> num_nonnulls((v_items[g]).account, (v_items[g]).counter) THEN 'CW404'
      WHEN EXISTS (SELECT 1 FROM accounts acc
                    WHERE acc.id IN ((v_items[g]).account, (v_items[g]).counter) AND acc.entity_id = (v_items[g]).home_entity)
        THEN 'CW403'
    END FROM generate_series(1, v_n) g ORDER BY g);

  -- Claims in key order, so two batches sharing keys wait for each other without deadlock.
  WITH claimed AS (
    INSERT INTO idempotency_keys (principal_kind, principal_id, key, request_hash)
      SELECT (v_items[g]).principal_kind, (v_items[g]).principal_id, (v_items[g]).key, (v_items[g]).request_hash
        FROM generate_series(1, v_n) g WHERE v_first[g] = g AND v_failure[g] IS NULL ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING principal_kind, principal_id, key)
  SELECT coalesce(array_agg(g ORDER BY g), '{}') INTO v_book
    FROM generate_series(1, v_n) g JOIN claimed c
      ON (c.principal_kind, c.principal_id, c.key) = ((v_items[g]).principal_kind, (v_items[g]).principal_id, (v_items[g]).key)
   WHERE v_first[g] = g;
  FOR g IN 1 .. v_n LOOP
    CONTINUE WHEN v_first[g] <> g OR v_failure[g] IS NOT NULL OR g = ANY(v_book);
    SELECT * INTO v_seen FROM idempotency_keys k
     WHERE (k.principal_kind, k.principal_id, k.key) = ((v_items[g]).principal_kind, (v_items[g]).principal_id, (v_items[g]).key);
    IF v_seen.request_hash IS DISTINCT FROM (v_items[g]).request_hash OR v_seen.response IS NULL THEN
      v_failure[g] := 'CW409';
    ELSE
      v_entry[g] := v_seen.response;
    END IF;
  END LOOP;

  SELECT coalesce(array_agg(t.txn ORDER BY t.idx), '{}'), coalesce(array_agg(t.failure ORDER BY t.idx), '{}')
    INTO v_txn, v_refused
    FROM ledger_transfer_batch(
      ARRAY(SELECT (v_items[g]).type FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).reference FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).principal_kind FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).principal_id FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).acting_entity FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).memo FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).from_account FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).to_account FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).asset FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o),
      ARRAY(SELECT (v_items[g]).amount FROM unnest(v_book) WITH ORDINALITY b(g, o) ORDER BY o)) t;

  -- A refused item's claim is withdrawn: the caller may try again with the same key.
  DELETE FROM idempotency_keys k USING unnest(v_book, v_refused) AS b(g, refused)
   WHERE b.refused IS NOT NULL
     AND (k.principal_kind, k.principal_id, k.key) = ((v_items[b.g]).principal_kind, (v_items[b.g]).principal_id, (v_items[b.g]).key);
  FOR o IN 1 .. coalesce(array_length(v_book, 1), 0) LOOP
    v_failure[v_book[o]] := v_refused[o];
  END LOOP;

  FOR v_g, v_answer IN
    WITH booked AS (
      SELECT b.g, b.txn, v_items[b.g] AS it FROM unnest(v_book, v_txn) AS b(g, txn) WHERE b.txn IS NOT NULL),
    entries AS (
      INSERT INTO cash_entries (type, entity_id, account_id, counter_account_id, asset, amount, value_date,
          reference, memo, transaction_id, created_by)
        SELECT (bk.it).type, a.entity_id, (bk.it).account, (bk.it).counter, (bk.it).asset, (bk.it).amount,
          (bk.it).value_date, (bk.it).reference, (bk.it).memo, bk.txn, (bk.it).principal_name
          FROM booked bk JOIN accounts a ON a.id = (bk.it).account
         ORDER BY bk.g
      RETURNING *),
    answers AS (
      SELECT bk.g, bk.it, e.id, e.transaction_id, jsonb_build_object(
        'id', e.id, 'type', e.type, 'entityId', e.entity_id, 'accountId', e.account_id,
        'counterAccountId', e.counter_account_id, 'asset', e.asset, 'amount', round(e.amount, (bk.it).scale)::text,
        'valueDate', e.value_date, 'reference', e.reference, 'memo', e.memo, 'transactionId', e.transaction_id,
        'requestId', e.request_id, 'createdBy', e.created_by,
        'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS response
        FROM entries e JOIN booked bk ON bk.txn = e.transaction_id),
    audited AS (
      INSERT INTO audit_events (actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details)
        SELECT (an.it).principal_kind, (an.it).principal_id, (an.it).acting_entity, 'cashentry.' || lower((an.it).type),
          an.id::text, 'success', (an.it).ip, (an.it).user_agent,
          jsonb_build_object('transactionId', an.transaction_id, 'input', (an.it).input)
          FROM answers an ORDER BY an.g),
    stored AS (
      UPDATE idempotency_keys k SET response = an.response, status_code = 200 FROM answers an
       WHERE (k.principal_kind, k.principal_id, k.key) = ((an.it).principal_kind, (an.it).principal_id, (an.it).key))
    SELECT an.g, an.response FROM answers an
  LOOP
    v_entry[v_g] := v_answer;
  END LOOP;

  -- An item repeating an earlier item's key: that item's answer for the same body.
  FOR g IN 1 .. v_n LOOP
    CONTINUE WHEN v_first[g] = g;
    IF (v_items[g]).request_hash IS DISTINCT FROM (v_items[v_first[g]]).request_hash THEN
      v_failure[g] := 'CW409';
    ELSE
      v_entry[g] := v_entry[v_first[g]];
      v_failure[g] := v_failure[v_first[g]];
    END IF;
  END LOOP;
  RETURN QUERY SELECT g, v_entry[g], v_failure[g] FROM generate_series(1, v_n) g ORDER BY g;
END;
$$;
