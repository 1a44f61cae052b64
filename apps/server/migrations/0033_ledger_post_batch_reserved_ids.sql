-- ledger_post_batch takes the ids a caller drew ahead for its transactions (a new last
-- parameter, p_ids, sql/ledger/post.sql): its eleven-parameter form goes, or a call with
-- eleven arguments would be ambiguous between the two. The function files, applied after
-- the migrations, create the new form.
DROP FUNCTION IF EXISTS ledger_post_batch(text[], text[], text[], text[], int[], text[], bigint[], int[], int[], text[], numeric[]);
