ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_asset_currencies_code_fk";
--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_balance_fk" FOREIGN KEY ("account_id","asset") REFERENCES "public"."balances"("account_id","asset") ON DELETE no action ON UPDATE no action;