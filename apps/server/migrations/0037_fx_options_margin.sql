ALTER TYPE "public"."trade_event_kind" ADD VALUE 'PREMIUM_POSTED';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'KNOCKED_IN';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'KNOCKED_OUT';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'EXERCISED';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'INACTIVE';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'EXERCISED';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'KNOCKED_OUT';--> statement-breakpoint
ALTER TYPE "public"."trade_type" ADD VALUE 'FX_OPTION';--> statement-breakpoint
CREATE TABLE "fx_volatilities" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"tenor" "fx_tenor" NOT NULL,
	"volatility_pct" numeric(38, 18) NOT NULL,
	"set_by" text NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_volatilities_base_quote_tenor_pk" PRIMARY KEY("base","quote","tenor"),
	CONSTRAINT "fx_volatilities_positive" CHECK ("fx_volatilities"."volatility_pct" > 0 and "fx_volatilities"."volatility_pct" <= 500)
);
--> statement-breakpoint
CREATE TABLE "interest_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate_pct" numeric(38, 18) NOT NULL,
	"set_by" text NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument_class" "instrument_kind" NOT NULL,
	"entity_id" integer,
	"rate_pct" numeric(38, 18) NOT NULL,
	"set_by" text NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_rates_percent" CHECK ("margin_rates"."rate_pct" >= 0 and "margin_rates"."rate_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "fx_options" (
	"trade_id" integer PRIMARY KEY NOT NULL,
	"option_type" text NOT NULL,
	"cut" text NOT NULL,
	"expiry_date" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivery_date" date NOT NULL,
	"barrier_direction" text,
	"barrier_kind" text,
	"barrier_level" numeric(38, 18),
	"rebate" numeric(38, 18),
	"rebate_currency" text,
	"premium" numeric(38, 18) NOT NULL,
	"premium_currency" text NOT NULL,
	"premium_date" date NOT NULL,
	"premium_hold_id" bigint,
	"premium_transaction_id" bigint,
	"underlying_trade_id" integer,
	CONSTRAINT "fx_options_premium_not_negative" CHECK ("fx_options"."premium" >= 0),
	CONSTRAINT "fx_options_barrier_whole" CHECK (("fx_options"."barrier_kind" is null) = ("fx_options"."barrier_level" is null) and ("fx_options"."barrier_kind" is null) = ("fx_options"."barrier_direction" is null))
);
--> statement-breakpoint
ALTER TABLE "fx_volatilities" ADD CONSTRAINT "fx_volatilities_base_currencies_code_fk" FOREIGN KEY ("base") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_volatilities" ADD CONSTRAINT "fx_volatilities_quote_currencies_code_fk" FOREIGN KEY ("quote") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_rates" ADD CONSTRAINT "interest_rates_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_rates" ADD CONSTRAINT "margin_rates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_rebate_currency_currencies_code_fk" FOREIGN KEY ("rebate_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_premium_currency_currencies_code_fk" FOREIGN KEY ("premium_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_premium_hold_id_holds_id_fk" FOREIGN KEY ("premium_hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_premium_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("premium_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_options" ADD CONSTRAINT "fx_options_underlying_trade_id_trades_id_fk" FOREIGN KEY ("underlying_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_rates_default_uq" ON "margin_rates" USING btree ("instrument_class") WHERE "margin_rates"."entity_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_rates_entity_uq" ON "margin_rates" USING btree ("instrument_class","entity_id") WHERE "margin_rates"."entity_id" is not null;--> statement-breakpoint
CREATE INDEX "fx_options_premium_due_idx" ON "fx_options" USING btree ("premium_date") WHERE "fx_options"."premium_transaction_id" is null;