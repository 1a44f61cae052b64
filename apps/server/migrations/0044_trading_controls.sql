ALTER TYPE "public"."request_type" ADD VALUE 'OFF MARKET TRADE';--> statement-breakpoint
ALTER TYPE "public"."request_type" ADD VALUE 'BARRIER EVENT';--> statement-breakpoint
CREATE TABLE "trade_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" "trade_side" NOT NULL,
	"terms" jsonb NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"answer" jsonb NOT NULL,
	"asked_by" text NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_key" text,
	"used_at" timestamp with time zone,
	CONSTRAINT "trade_quotes_price_positive" CHECK ("trade_quotes"."price" > 0),
	CONSTRAINT "trade_quotes_expiry" CHECK ("trade_quotes"."expires_at" > "trade_quotes"."quoted_at")
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "price_tolerance_pct" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "max_tenor_days" integer;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_quotes_entity_idx" ON "trade_quotes" USING btree ("entity_id","quoted_at");--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_trading_limits" CHECK (("instruments"."price_tolerance_pct" is null or "instruments"."price_tolerance_pct" between 0 and 100)
        and ("instruments"."max_tenor_days" is null or "instruments"."max_tenor_days" > 0));