CREATE TYPE "public"."fx_tenor" AS ENUM('ON', 'TN', 'SN', '1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y');--> statement-breakpoint
CREATE TYPE "public"."instrument_kind" AS ENUM('FX', 'CFD', 'FX_OPTION');--> statement-breakpoint
CREATE TABLE "entity_instrument_list_items" (
	"entity_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "entity_instrument_list_items_entity_id_instrument_id_pk" PRIMARY KEY("entity_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "entity_instrument_lists" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "fx_rate_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"bid" numeric(38, 18) NOT NULL,
	"ask" numeric(38, 18) NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_swap_points" (
	"instrument_id" integer NOT NULL,
	"tenor" "fx_tenor" NOT NULL,
	"bid" numeric(38, 18) NOT NULL,
	"ask" numeric(38, 18) NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text,
	CONSTRAINT "fx_swap_points_instrument_id_tenor_pk" PRIMARY KEY("instrument_id","tenor"),
	CONSTRAINT "fx_swap_points_bid_ask" CHECK ("fx_swap_points"."bid" <= "fx_swap_points"."ask")
);
--> statement-breakpoint
CREATE TABLE "holiday_calendar_years" (
	"calendar" text NOT NULL,
	"year" smallint NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_calendar_years_calendar_year_pk" PRIMARY KEY("calendar","year")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"calendar" text NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "holidays_calendar_day_pk" PRIMARY KEY("calendar","day"),
	CONSTRAINT "holidays_source" CHECK ("holidays"."source" in ('SEEDED', 'ADDED'))
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "instrument_kind" NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"base_currency" text,
	"quote_currency" text NOT NULL,
	"price_precision" smallint NOT NULL,
	"pip_size" numeric(38, 18),
	"spot_lag" smallint,
	"underlying" text,
	"contract_size" numeric(38, 18),
	"financing_rate_long" numeric(38, 18),
	"financing_rate_short" numeric(38, 18),
	"settlement_lag" smallint,
	"pair_id" integer,
	"styles" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "instruments_price_precision" CHECK ("instruments"."price_precision" between 0 and 10),
	CONSTRAINT "instruments_fx_shape" CHECK ("instruments"."kind" <> 'FX' or ("instruments"."base_currency" is not null and "instruments"."base_currency" <> "instruments"."quote_currency"
        and "instruments"."pip_size" > 0 and "instruments"."spot_lag" between 0 and 3 and "instruments"."pair_id" is null
        and "instruments"."underlying" is null and "instruments"."contract_size" is null and "instruments"."styles" is null)),
	CONSTRAINT "instruments_cfd_shape" CHECK ("instruments"."kind" <> 'CFD' or ("instruments"."underlying" is not null and "instruments"."contract_size" > 0
        and "instruments"."financing_rate_long" is not null and "instruments"."financing_rate_short" is not null
        and "instruments"."settlement_lag" between 0 and 5 and "instruments"."base_currency" is null and "instruments"."pair_id" is null)),
	CONSTRAINT "instruments_option_shape" CHECK ("instruments"."kind" <> 'FX_OPTION' or ("instruments"."pair_id" is not null and "instruments"."base_currency" is not null
        and cardinality("instruments"."styles") > 0 and "instruments"."styles" <@ array['EUROPEAN','AMERICAN']))
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD COLUMN "bid" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "fx_rates" ADD COLUMN "ask" numeric(38, 18);--> statement-breakpoint
-- (Hand-written) A sheet kept before bid and ask: each pair starts without a spread.
UPDATE "fx_rates" SET "bid" = "rate", "ask" = "rate";--> statement-breakpoint
ALTER TABLE "fx_rates" ALTER COLUMN "bid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fx_rates" ALTER COLUMN "ask" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_instrument_list_items" ADD CONSTRAINT "entity_instrument_list_items_entity_id_entity_instrument_lists_entity_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entity_instrument_lists"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_instrument_list_items" ADD CONSTRAINT "entity_instrument_list_items_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_instrument_lists" ADD CONSTRAINT "entity_instrument_lists_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_swap_points" ADD CONSTRAINT "fx_swap_points_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_calendar_years" ADD CONSTRAINT "holiday_calendar_years_calendar_currencies_code_fk" FOREIGN KEY ("calendar") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_calendar_currencies_code_fk" FOREIGN KEY ("calendar") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_base_currency_currencies_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_quote_currency_currencies_code_fk" FOREIGN KEY ("quote_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_pair_id_instruments_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_rate_history_pair_idx" ON "fx_rate_history" USING btree ("base","quote","as_of");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_symbol_uq" ON "instruments" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_fx_pair_uq" ON "instruments" USING btree ("base_currency","quote_currency") WHERE "instruments"."kind" = 'FX';--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_option_pair_uq" ON "instruments" USING btree ("pair_id") WHERE "instruments"."kind" = 'FX_OPTION';--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_bid_mid_ask" CHECK (0 < "fx_rates"."bid" and "fx_rates"."bid" <= "fx_rates"."rate" and "fx_rates"."rate" <= "fx_rates"."ask");;--> statement-breakpoint
-- (Hand-written) The rate history starts with what the audit trail kept of each staff change
-- of a mid, then each pair's current rate where none was audited (loaded data).
INSERT INTO "fx_rate_history" ("base", "quote", "rate", "bid", "ask", "as_of", "set_by")
SELECT split_part(a."target", '/', 1), split_part(a."target", '/', 2), (a."details"->>'to')::numeric,
       (a."details"->>'to')::numeric, (a."details"->>'to')::numeric, a."at",
       coalesce(u."display_name", a."actor_id", 'system')
FROM "audit_events" a
LEFT JOIN "users" u ON a."actor_kind" = 'user' AND u."id"::text = a."actor_id"
WHERE a."action" = 'rates.set' AND a."outcome" = 'success' AND a."details"->>'to' IS NOT NULL;--> statement-breakpoint
INSERT INTO "fx_rate_history" ("base", "quote", "rate", "bid", "ask", "as_of", "set_by")
SELECT r."base", r."quote", r."rate", r."bid", r."ask", r."as_of", 'system'
FROM "fx_rates" r
WHERE NOT EXISTS (SELECT 1 FROM "fx_rate_history" h WHERE h."base" = r."base" AND h."quote" = r."quote");--> statement-breakpoint
-- (Hand-written) The history is a record: rows are appended, never changed or removed.
CREATE FUNCTION "fx_rate_history_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fx_rate_history is append-only' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "fx_rate_history_append_only" BEFORE UPDATE OR DELETE ON "fx_rate_history"
  FOR EACH ROW EXECUTE FUNCTION "fx_rate_history_refuse_change"();
