ALTER TABLE "cash_entries" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_entries_request_uq" ON "cash_entries" USING btree ("request_id");