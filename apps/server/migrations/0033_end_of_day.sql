CREATE TYPE "public"."eod_status" AS ENUM('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED');--> statement-breakpoint
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
ALTER TABLE "eod_marks" ADD CONSTRAINT "eod_marks_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_snapshots" ADD CONSTRAINT "position_snapshots_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_snapshots_entity_idx" ON "position_snapshots" USING btree ("entity_id","business_date");