CREATE TYPE "public"."statement_period" AS ENUM('DAILY', 'MONTHLY', 'CUSTOM');--> statement-breakpoint
CREATE TYPE "public"."statement_status" AS ENUM('QUEUED', 'RUNNING', 'READY', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."statement_view" AS ENUM('ACCOUNT', 'BASE');--> statement-breakpoint
CREATE TABLE "statement_subscribers" (
	"entity_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_subscribers_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"account_id" integer,
	"include_below" boolean DEFAULT false NOT NULL,
	"period" "statement_period" NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"currency_view" "statement_view" NOT NULL,
	"request_key" text NOT NULL,
	"status" "statement_status" DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"failure" text,
	"eod_business_date" date,
	"file_key" text,
	"file_name" text,
	"sha256" text,
	"size" integer,
	"entries" integer,
	"scheduled" boolean DEFAULT false NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_subscribers" ADD CONSTRAINT "statement_subscribers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_subscribers" ADD CONSTRAINT "statement_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statements_entity_idx" ON "statements" USING btree ("entity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_running_uq" ON "statements" USING btree ("request_key") WHERE "statements"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "statements_scheduled_uq" ON "statements" USING btree ("account_id","from_date") WHERE "statements"."scheduled";