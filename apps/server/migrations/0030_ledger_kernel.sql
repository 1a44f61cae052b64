ALTER TABLE "cash_entries" ALTER COLUMN "request_id" SET DATA TYPE bigint;--> statement-breakpoint
-- From here on the ledger's functions live in sql/ledger/*.sql, (re)applied by the migration
-- runner after the migrations and checked for drift by `npm run db:check`; no migration
-- creates or replaces a ledger_* function again. What the kernel no longer has goes:
--  * cash_entry_book_batch and its cash_booking type (migration 0022): bookings go through
--    the ledger service's one booking path (idempotency, audit and the access check each
--    have a single implementation, in TypeScript);
--  * ledger_transfer_batch (migrations 0017, 0022): group commit posts through
--    ledger_post_batch, the one posting implementation;
--  * ledger_hold_post(hold, counter account, …) (migration 0008): a hold now posts into legs
--    (ledger_hold_post(hold, kind, reference, …, accounts, assets, amounts)).
DROP FUNCTION cash_entry_book_batch(jsonb);
--> statement-breakpoint
DROP TYPE cash_booking;
--> statement-breakpoint
DROP FUNCTION ledger_transfer_batch(text[], text[], text[], text[], int[], text[], int[], int[], text[], numeric[]);
--> statement-breakpoint
DROP FUNCTION ledger_hold_post(bigint, int, text, text, text, int, text);
