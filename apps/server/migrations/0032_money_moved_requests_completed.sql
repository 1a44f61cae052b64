-- Issue 21: a money request whose money has moved holds one status that says so. The
-- approval of a deposit, an internal transfer or a fiat withdrawal posts its money in the
-- same transaction, and from now on leaves it COMPLETED; requests approved before this
-- stayed APPROVED. Each of those whose posting exists (its cash entry) becomes COMPLETED,
-- with the history row the engine now writes — by the approver whose approval posted it,
-- at the posting's time. A crypto withdrawal stays APPROVED until its transaction hash is
-- added, as before.
WITH moved AS (
  SELECT r.id, c.created_at AS posted_at
    FROM requests r
    JOIN cash_entries c ON c.request_id = r.id
   WHERE r.status = 'APPROVED'
     AND (r.type IN ('DEPOSIT', 'INTERNAL TRANSFER')
          OR (r.type = 'WITHDRAWAL' AND r.payload->>'kind' = 'fiat'))
), completed AS (
  UPDATE requests r SET status = 'COMPLETED'
    FROM moved
   WHERE r.id = moved.id
  RETURNING r.id, moved.posted_at
)
INSERT INTO request_history (request_id, from_status, to_status, by_kind, by_id, by_name, reason, at)
SELECT completed.id, 'APPROVED', 'COMPLETED', coalesce(decision.by_kind, 'system'),
       coalesce(decision.by_id, 'migration'), coalesce(decision.by_name, 'Clearway'),
       'posted with the approval', completed.posted_at
  FROM completed
  LEFT JOIN LATERAL (
    SELECT h.by_kind, h.by_id, h.by_name FROM request_history h
     WHERE h.request_id = completed.id AND h.to_status = 'APPROVED'
     ORDER BY h.id DESC LIMIT 1
  ) decision ON true;
