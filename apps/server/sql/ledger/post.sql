-- Posting: the one implementation of "a ledger transaction is balanced legs, and a client
-- account never sends more than it has available". Every movement of money ends here —
-- bookings one by one, group-committed bookings, hold postings and reversals.
--
-- ledger_post_batch posts many independent ledger transactions at once. Item i is the
-- transaction (p_kinds[i], p_references[i], principal, acting entity, p_memos[i],
-- p_reverses[i]); its legs are the positions l with p_leg_items[l] = i (account, asset,
-- signed amount). All the batch's balance rows are locked first (ledger_lock_balances:
-- fixed order, closed accounts refused with CW005, which aborts the whole batch). Then,
-- in input order, each item is checked against what the earlier items of the batch left
-- — an item may spend what an earlier one credited, exactly as if they ran one after the
-- other — and either booked or refused without touching anything:
--   CW001  no legs, a leg of zero, or the legs do not sum to zero per asset;
--   23514  a client balance row would fall below what it holds (insufficient funds).
-- The booked items' net change per balance row is written by one UPDATE, their
-- transactions and postings by one INSERT each; the balances CHECK stays the backstop.
-- A booked item's transaction takes the id p_ids[i] when the caller drew one ahead
-- (ledger_transaction_ids), else the next of the sequence.
-- Returns one row per item, in order: its transaction id, or the SQLSTATE refusing it.
-- The statements have the same shape at every call: planned once per connection.
CREATE OR REPLACE FUNCTION ledger_post_batch(
  p_kinds text[], p_references text[], p_principal_kinds text[], p_principal_ids text[], p_entities int[],
  p_memos text[], p_reverses bigint[],
  p_leg_items int[], p_accounts int[], p_assets text[], p_amounts numeric[], p_ids bigint[] DEFAULT NULL
) RETURNS TABLE (idx int, txn bigint, failure text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_n int := coalesce(array_length(p_kinds, 1), 0);
  v_accounts int[];    -- the batch's balance rows, in lock order
  v_assets text[];
  v_free numeric[];    -- per row: what it may still send; NULL for a platform account (no limit)
  v_delta numeric[];   -- per row: the batch's net change
  v_valid boolean[];   -- per item: has legs, none of zero, balanced per asset
  v_pair_item int[];   -- per (item, row) touched, ordered by item: the item,
  v_pair_row int[];    --   the row,
  v_pair_net numeric[];--   and the item's net change of the row
  v_pairs int;
  v_ids bigint[] := '{}';
  v_failures text[] := '{}';
  v_first int;
  v_ok boolean;
  p int := 1;
BEGIN
  PERFORM ledger_lock_balances(p_accounts, p_assets);
  SELECT array_agg(b.account_id ORDER BY b.account_id, b.asset), array_agg(b.asset ORDER BY b.account_id, b.asset),
         array_agg(CASE WHEN b.allow_negative THEN NULL ELSE b.posted - b.held END ORDER BY b.account_id, b.asset),
         array_agg(0::numeric)
    INTO v_accounts, v_assets, v_free, v_delta
    FROM balances b
    JOIN (SELECT DISTINCT acc, a FROM unnest(p_accounts, p_assets) AS k(acc, a)) k
      ON b.account_id = k.acc AND b.asset = k.a;
  v_valid := ARRAY(
    SELECT coalesce(v.ok, false)
      FROM generate_series(1, v_n) g
      LEFT JOIN (SELECT item, bool_and(nonzero AND balanced) AS ok
                   FROM (SELECT item, bool_and(amt IS NOT NULL AND amt <> 0) AS nonzero,
                                coalesce(sum(amt) = 0, false) AS balanced
                           FROM unnest(p_leg_items, p_assets, p_amounts) AS l(item, a, amt)
                          GROUP BY item, a) per_asset
                  GROUP BY item) v ON v.item = g
     ORDER BY g);
  SELECT array_agg(s.item ORDER BY s.item, s.r), array_agg(s.r ORDER BY s.item, s.r),
         array_agg(s.net ORDER BY s.item, s.r), count(*)
    INTO v_pair_item, v_pair_row, v_pair_net, v_pairs
    FROM (SELECT l.item, b.r, sum(l.amt) AS net
            FROM unnest(p_leg_items, p_accounts, p_assets, p_amounts) AS l(item, acc, a, amt)
            JOIN unnest(v_accounts, v_assets) WITH ORDINALITY AS b(acc, a, r) ON b.acc = l.acc AND b.a = l.a
           GROUP BY l.item, b.r) s;
  FOR i IN 1 .. v_n LOOP
    v_ids[i] := NULL;
    v_failures[i] := NULL;
    -- The item's (row, net change) pairs are v_first .. p - 1.
    v_first := p;
    WHILE p <= v_pairs AND v_pair_item[p] = i LOOP
      p := p + 1;
    END LOOP;
    IF NOT v_valid[i] THEN
      v_failures[i] := 'CW001';
      CONTINUE;
    END IF;
    v_ok := true;
    FOR q IN v_first .. p - 1 LOOP
      IF v_free[v_pair_row[q]] + v_pair_net[q] < 0 THEN
        v_ok := false;
        EXIT;
      END IF;
    END LOOP;
    IF NOT v_ok THEN
      v_failures[i] := '23514';
      CONTINUE;
    END IF;
    FOR q IN v_first .. p - 1 LOOP
      v_free[v_pair_row[q]] := v_free[v_pair_row[q]] + v_pair_net[q];
      v_delta[v_pair_row[q]] := v_delta[v_pair_row[q]] + v_pair_net[q];
    END LOOP;
    v_ids[i] := coalesce(p_ids[i], nextval('ledger_transactions_id_seq'::regclass));
  END LOOP;
  UPDATE balances b SET posted = b.posted + d.delta
    FROM unnest(v_accounts, v_assets, v_delta) AS d(acc, a, delta)
   WHERE d.delta <> 0 AND b.account_id = d.acc AND b.asset = d.a;
  INSERT INTO ledger_transactions (id, kind, reference, principal_kind, principal_id, acting_entity_id, memo, reverses_id)
    SELECT v_ids[g], p_kinds[g], p_references[g], p_principal_kinds[g], p_principal_ids[g], p_entities[g], p_memos[g],
           p_reverses[g]
      FROM generate_series(1, v_n) g WHERE v_ids[g] IS NOT NULL;
  INSERT INTO postings (transaction_id, account_id, asset, amount)
    SELECT v_ids[l.item], l.acc, l.a, l.amt
      FROM unnest(p_leg_items, p_accounts, p_assets, p_amounts) WITH ORDINALITY AS l(item, acc, a, amt, o)
     WHERE v_ids[l.item] IS NOT NULL
     ORDER BY l.o;
  RETURN QUERY SELECT g, v_ids[g], v_failures[g] FROM generate_series(1, v_n) g ORDER BY g;
END;
$$;

-- ledger_post: one transaction of balanced legs, inside the caller's transaction — the
-- batch of one, whose refusal is raised (CW001 unbalanced, 23514 insufficient funds).
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_reference text, p_principal_kind text, p_principal_id text, p_entity int, p_memo text,
  p_accounts int[], p_assets text[], p_amounts numeric[], p_reverses bigint DEFAULT NULL
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_txn bigint;
  v_failure text;
BEGIN
  SELECT b.txn, b.failure INTO v_txn, v_failure
    FROM ledger_post_batch(ARRAY[p_kind], ARRAY[p_reference], ARRAY[p_principal_kind], ARRAY[p_principal_id],
      ARRAY[p_entity], ARRAY[p_memo], ARRAY[p_reverses],
      array_fill(1, ARRAY[coalesce(array_length(p_accounts, 1), 0)]), p_accounts, p_assets, p_amounts) b;
  IF v_failure = 'CW001' THEN
    RAISE EXCEPTION 'transaction does not balance' USING ERRCODE = 'CW001';
  ELSIF v_failure IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = v_failure;
  END IF;
  RETURN v_txn;
END;
$$;

-- ledger_transaction_ids: p_count ids for ledger transactions to be posted later
-- (ledger_post_batch's p_ids), drawn from the sequence ahead, so that a caller can name a
-- transaction in statements it sends before the posting has answered (its business
-- record, say). An id drawn and never posted is a gap, as after any rolled-back posting.
CREATE OR REPLACE FUNCTION ledger_transaction_ids(p_count int) RETURNS SETOF bigint LANGUAGE sql AS $$
  SELECT nextval('ledger_transactions_id_seq'::regclass) FROM generate_series(1, p_count);
$$;
