-- Historic entries are back-office bookings made by staff for the entities below them:
-- nobody books money into or out of their own (home) entity's accounts without a request
-- and its approval. cash_entry_book (migration 0019) takes the booker's home entity and
-- refuses such a booking with CW403 (after the scope check, so a foreign account is still
-- a 404). Otherwise unchanged.
DROP FUNCTION cash_entry_book(text, text, text, text, text, text, int, int, int, int, int, text, numeric, int, text, text, text, text, text, jsonb);
--> statement-breakpoint
CREATE FUNCTION cash_entry_book(
  p_principal_kind text, p_principal_id text, p_principal_name text, p_home_entity int, p_key text, p_request_hash text,
  p_type text, p_acting_entity int, p_from int, p_to int, p_account int, p_counter int,
  p_asset text, p_amount numeric, p_scale int, p_value_date text, p_reference text, p_memo text,
  p_ip text, p_user_agent text, p_input jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_seen idempotency_keys%ROWTYPE;
  v_txn bigint;
  e cash_entries%ROWTYPE;
  v_response jsonb;
  v_found int;
BEGIN
  SELECT count(*) INTO v_found FROM accounts acc JOIN entities ent ON ent.id = acc.entity_id
   WHERE acc.id IN (p_account, p_counter) AND acc.kind = 'CLIENT'
     AND ent.path LIKE (SELECT top.path FROM entities top WHERE top.id = p_acting_entity) || '%';
  IF v_found <> num_nonnulls(p_account, p_counter) THEN
    RAISE EXCEPTION 'account not found' USING ERRCODE = 'CW404';
  END IF;
  IF EXISTS (SELECT 1 FROM accounts acc WHERE acc.id IN (p_account, p_counter) AND acc.entity_id = p_home_entity) THEN
    RAISE EXCEPTION 'historic entry on the booker''s own entity' USING ERRCODE = 'CW403';
  END IF;
  INSERT INTO idempotency_keys (principal_kind, principal_id, key, request_hash)
    VALUES (p_principal_kind, p_principal_id, p_key, p_request_hash) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO v_seen FROM idempotency_keys
     WHERE principal_kind = p_principal_kind AND principal_id = p_principal_id AND key = p_key;
    IF v_seen.request_hash IS DISTINCT FROM p_request_hash OR v_seen.response IS NULL THEN
      RAISE EXCEPTION 'idempotency key reused with another request' USING ERRCODE = 'CW409';
    END IF;
    RETURN v_seen.response;
  END IF;
  v_txn := ledger_post(p_type, p_reference, p_principal_kind, p_principal_id, p_acting_entity, p_memo,
    ARRAY[p_from, p_to], ARRAY[p_asset, p_asset], ARRAY[-p_amount, p_amount]);
  INSERT INTO cash_entries (type, entity_id, account_id, counter_account_id, asset, amount, value_date,
      reference, memo, transaction_id, created_by)
    SELECT p_type, a.entity_id, p_account, p_counter, p_asset, p_amount, p_value_date, p_reference, p_memo,
      v_txn, p_principal_name
      FROM accounts a WHERE a.id = p_account
    RETURNING * INTO e;
  INSERT INTO audit_events (actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details)
    VALUES (p_principal_kind, p_principal_id, p_acting_entity, 'cashentry.' || lower(p_type), e.id::text, 'success',
      p_ip, p_user_agent, jsonb_build_object('transactionId', v_txn, 'input', p_input));
  v_response := jsonb_build_object(
    'id', e.id, 'type', e.type, 'entityId', e.entity_id, 'accountId', e.account_id,
    'counterAccountId', e.counter_account_id, 'asset', e.asset, 'amount', round(e.amount, p_scale)::text,
    'valueDate', e.value_date, 'reference', e.reference, 'memo', e.memo, 'transactionId', e.transaction_id,
    'requestId', e.request_id, 'createdBy', e.created_by,
    'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  UPDATE idempotency_keys SET response = v_response, status_code = 200
   WHERE principal_kind = p_principal_kind AND principal_id = p_principal_id AND key = p_key;
  RETURN v_response;
END;
$$;
