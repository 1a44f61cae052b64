-- Holds: two-phase reservations. A hold is placed (its amount no longer available to
-- send), then resolved exactly once: posted (released into a posting) or voided
-- (released). A second resolution is refused with CW002.

-- ledger_hold_place: reserves p_amount of p_asset on a client account; the balances
-- CHECK refuses a reservation beyond what is available (23514, insufficient funds).
CREATE OR REPLACE FUNCTION ledger_hold_place(p_account int, p_asset text, p_amount numeric, p_reference text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_hold bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'a hold reserves a positive amount' USING ERRCODE = 'CW001';
  END IF;
  PERFORM ledger_lock_balances(ARRAY[p_account], ARRAY[p_asset]);
  UPDATE balances SET held = held + p_amount WHERE account_id = p_account AND asset = p_asset;
  INSERT INTO holds (account_id, asset, amount, reference) VALUES (p_account, p_asset, p_amount, p_reference)
    RETURNING id INTO v_hold;
  RETURN v_hold;
END;
$$;

-- ledger_hold_post: releases the hold and posts the legs (through ledger_post) as one
-- ledger transaction — the reserved amount leaving its account, and any other leg of the
-- same movement (a fee, say). The transaction's reference defaults to the hold's.
CREATE OR REPLACE FUNCTION ledger_hold_post(
  p_hold bigint, p_kind text, p_reference text, p_principal_kind text, p_principal_id text, p_entity int,
  p_memo text, p_accounts int[], p_assets text[], p_amounts numeric[]
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h holds%ROWTYPE;
  v_txn bigint;
BEGIN
  SELECT * INTO h FROM holds WHERE id = p_hold FOR UPDATE;
  IF NOT FOUND OR h.status <> 'PLACED' THEN
    RAISE EXCEPTION 'hold % is not open', p_hold USING ERRCODE = 'CW002';
  END IF;
  PERFORM ledger_lock_balances(h.account_id || p_accounts, h.asset || p_assets);
  UPDATE balances SET held = held - h.amount WHERE account_id = h.account_id AND asset = h.asset;
  v_txn := ledger_post(p_kind, coalesce(p_reference, h.reference), p_principal_kind, p_principal_id, p_entity,
    p_memo, p_accounts, p_assets, p_amounts);
  UPDATE holds SET status = 'POSTED', transaction_id = v_txn, resolved_at = now() WHERE id = p_hold;
  RETURN v_txn;
END;
$$;

-- ledger_hold_void: releases the hold; nothing is posted.
CREATE OR REPLACE FUNCTION ledger_hold_void(p_hold bigint) RETURNS void LANGUAGE plpgsql AS $$
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
