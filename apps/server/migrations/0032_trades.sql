CREATE TYPE "public"."trade_event_kind" AS ENUM('BOOKED', 'SETTLED', 'ROLLED', 'FINANCED', 'CLOSED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_leg_status" AS ENUM('PENDING', 'SETTLED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_side" AS ENUM('BUY', 'SELL');--> statement-breakpoint
CREATE TYPE "public"."trade_status" AS ENUM('PENDING', 'OPEN', 'SETTLED', 'CLOSED', 'CANCELLED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "public"."trade_type" AS ENUM('MARGIN_FX', 'DELIVERABLE_FX', 'FX_SWAP', 'CONVERSION_SWEEP', 'CFD');--> statement-breakpoint
CREATE TABLE "lot_closures" (
	"closing_trade_id" integer NOT NULL,
	"lot_trade_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"realised" numeric(38, 18) NOT NULL,
	CONSTRAINT "lot_closures_closing_trade_id_lot_trade_id_pk" PRIMARY KEY("closing_trade_id","lot_trade_id")
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
	CONSTRAINT "trades_ticket_unique" UNIQUE("ticket"),
	CONSTRAINT "trades_amount_positive" CHECK ("trades"."amount" > 0 and "trades"."rate" > 0 and "trades"."counter_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lot_closures" ADD CONSTRAINT "lot_closures_closing_trade_id_trades_id_fk" FOREIGN KEY ("closing_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_closures" ADD CONSTRAINT "lot_closures_lot_trade_id_trades_id_fk" FOREIGN KEY ("lot_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "lot_closures_lot_idx" ON "lot_closures" USING btree ("lot_trade_id");--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_events_daily_uq" ON "trade_events" USING btree ("trade_id","kind","business_date") WHERE "trade_events"."kind" in ('ROLLED', 'FINANCED');--> statement-breakpoint
CREATE INDEX "trade_legs_due_idx" ON "trade_legs" USING btree ("value_date") WHERE "trade_legs"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "trades_entity_idx" ON "trades" USING btree ("entity_id","booked_at");--> statement-breakpoint
CREATE INDEX "trades_account_idx" ON "trades" USING btree ("account_id","booked_at");--> statement-breakpoint
CREATE INDEX "trades_open_lots_idx" ON "trades" USING btree ("account_id","instrument_id","id") WHERE "trades"."open_amount" <> 0;--> statement-breakpoint
-- A trade's history is append-only: what happened stays as it was recorded.
CREATE TRIGGER trade_events_append_only BEFORE UPDATE OR DELETE ON trade_events
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
