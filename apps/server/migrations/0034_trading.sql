CREATE TYPE "public"."eod_status" AS ENUM('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."trade_event_kind" AS ENUM('BOOKED', 'SETTLED', 'ROLLED', 'FINANCED', 'CLOSED', 'REOPENED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_leg_status" AS ENUM('PENDING', 'SETTLED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_side" AS ENUM('BUY', 'SELL');--> statement-breakpoint
CREATE TYPE "public"."trade_status" AS ENUM('PENDING', 'OPEN', 'SETTLED', 'CLOSED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_type" AS ENUM('MARGIN_FX', 'DELIVERABLE_FX', 'FX_SWAP', 'CONVERSION_SWEEP', 'CFD');--> statement-breakpoint
CREATE TABLE "eod_marks" (
	"business_date" date NOT NULL,
	"symbol" text NOT NULL,
	"instrument_id" integer,
	"base" text,
	"quote" text,
	"bid" numeric(38, 18) NOT NULL,
	"mid" numeric(38, 18) NOT NULL,
	"ask" numeric(38, 18) NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "eod_marks_business_date_symbol_pk" PRIMARY KEY("business_date","symbol")
);
--> statement-breakpoint
CREATE TABLE "eod_runs" (
	"business_date" date PRIMARY KEY NOT NULL,
	"status" "eod_status" DEFAULT 'QUEUED' NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '{"marks":0,"settled":0,"rolled":0,"financed":0,"snapshots":0}'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cfd_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"bid" numeric(38, 18) NOT NULL,
	"mid" numeric(38, 18) NOT NULL,
	"ask" numeric(38, 18) NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL,
	CONSTRAINT "cfd_prices_bid_mid_ask" CHECK (0 < "cfd_prices"."bid" and "cfd_prices"."bid" <= "cfd_prices"."mid" and "cfd_prices"."mid" <= "cfd_prices"."ask")
);
--> statement-breakpoint
CREATE TABLE "lot_closures" (
	"closing_trade_id" integer NOT NULL,
	"lot_trade_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"realised" numeric(38, 18) NOT NULL,
	CONSTRAINT "lot_closures_closing_trade_id_lot_trade_id_pk" PRIMARY KEY("closing_trade_id","lot_trade_id")
);
--> statement-breakpoint
CREATE TABLE "position_snapshots" (
	"business_date" date NOT NULL,
	"account_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"cost" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"mark" numeric(38, 18),
	"unrealised" numeric(38, 18),
	CONSTRAINT "position_snapshots_business_date_account_id_instrument_id_kind_pk" PRIMARY KEY("business_date","account_id","instrument_id","kind")
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"kind" "trade_event_kind" NOT NULL,
	"business_date" date,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"reason" text,
	"transaction_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_legs" (
	"trade_id" integer NOT NULL,
	"leg" text NOT NULL,
	"side" "trade_side" NOT NULL,
	"value_date" date NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"pay_asset" text NOT NULL,
	"pay_amount" numeric(38, 18) NOT NULL,
	"receive_asset" text NOT NULL,
	"receive_amount" numeric(38, 18) NOT NULL,
	"status" "trade_leg_status" DEFAULT 'PENDING' NOT NULL,
	"hold_id" bigint,
	"transaction_id" bigint,
	"settled_on" date,
	"settle_mark" numeric(38, 18),
	CONSTRAINT "trade_legs_trade_id_leg_pk" PRIMARY KEY("trade_id","leg"),
	CONSTRAINT "trade_legs_amounts_positive" CHECK ("trade_legs"."pay_amount" > 0 and "trade_legs"."receive_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"type" "trade_type" NOT NULL,
	"status" "trade_status" NOT NULL,
	"side" "trade_side" NOT NULL,
	"entity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"instrument_id" integer,
	"symbol" text NOT NULL,
	"base_currency" text,
	"quote_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"counter_amount" numeric(38, 18) NOT NULL,
	"trade_date" date NOT NULL,
	"value_date" date NOT NULL,
	"settlement" text,
	"open_amount" numeric(38, 18),
	"realised_pnl" numeric(38, 18),
	"reference" text,
	"memo" text,
	"booked_by" text NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_amount_positive" CHECK ("trades"."amount" > 0 and "trades"."rate" > 0 and "trades"."counter_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversion_profiles" ADD COLUMN "spread_bps" numeric(10, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "roll_profiles" ADD COLUMN "markup_pips" numeric(10, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "eod_marks" ADD CONSTRAINT "eod_marks_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfd_prices" ADD CONSTRAINT "cfd_prices_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_closures" ADD CONSTRAINT "lot_closures_closing_trade_id_trades_id_fk" FOREIGN KEY ("closing_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_closures" ADD CONSTRAINT "lot_closures_lot_trade_id_trades_id_fk" FOREIGN KEY ("lot_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_legs" ADD CONSTRAINT "trade_legs_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_legs" ADD CONSTRAINT "trade_legs_pay_asset_currencies_code_fk" FOREIGN KEY ("pay_asset") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_legs" ADD CONSTRAINT "trade_legs_receive_asset_currencies_code_fk" FOREIGN KEY ("receive_asset") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_legs" ADD CONSTRAINT "trade_legs_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_legs" ADD CONSTRAINT "trade_legs_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_base_currency_currencies_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_quote_currency_currencies_code_fk" FOREIGN KEY ("quote_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfd_prices_instrument_idx" ON "cfd_prices" USING btree ("instrument_id","as_of");--> statement-breakpoint
CREATE INDEX "lot_closures_lot_idx" ON "lot_closures" USING btree ("lot_trade_id");--> statement-breakpoint
CREATE INDEX "position_snapshots_entity_idx" ON "position_snapshots" USING btree ("entity_id","business_date");--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_events_daily_uq" ON "trade_events" USING btree ("trade_id","kind","business_date") WHERE "trade_events"."kind" in ('ROLLED', 'FINANCED');--> statement-breakpoint
CREATE INDEX "trade_legs_due_idx" ON "trade_legs" USING btree ("value_date") WHERE "trade_legs"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "trades_ticket_idx" ON "trades" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "trades_entity_idx" ON "trades" USING btree ("entity_id","booked_at");--> statement-breakpoint
CREATE INDEX "trades_account_idx" ON "trades" USING btree ("account_id","booked_at");--> statement-breakpoint
CREATE INDEX "trades_open_lots_idx" ON "trades" USING btree ("account_id","instrument_id","id") WHERE "trades"."open_amount" <> 0;--> statement-breakpoint
-- (Hand-written) A trade's history and the CFD prices are records: appended, never changed.
CREATE TRIGGER trade_events_append_only BEFORE UPDATE OR DELETE ON trade_events
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER cfd_prices_append_only BEFORE UPDATE OR DELETE ON cfd_prices
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- The profiles the platform starts with: what a sweep gives away against the sheet, and the
-- markup a roll adds to the tom-next points.
UPDATE conversion_profiles SET spread_bps = 50 WHERE name = 'Standard';--> statement-breakpoint
UPDATE conversion_profiles SET spread_bps = 15 WHERE name = 'Institutional';--> statement-breakpoint
UPDATE roll_profiles SET markup_pips = 0.5 WHERE name = 'Daily';--> statement-breakpoint
UPDATE roll_profiles SET markup_pips = 0.5 WHERE name = 'Weekly';
