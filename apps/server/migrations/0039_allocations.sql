CREATE TYPE "public"."allocation_group_status" AS ENUM('ACTIVE', 'SUSPENDED', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."allocation_weighting" AS ENUM('RATIO', 'PERCENT');--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'ALLOCATED';--> statement-breakpoint
ALTER TYPE "public"."trade_status" ADD VALUE 'ALLOCATED';--> statement-breakpoint
CREATE TABLE "allocation_children" (
	"run_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"trade_id" integer NOT NULL,
	"weight" numeric(38, 18) NOT NULL,
	"priority" integer,
	"exact_amount" numeric(38, 18) NOT NULL,
	"exact_counter_amount" numeric(38, 18) NOT NULL,
	"amount_remainder" boolean NOT NULL,
	"counter_remainder" boolean NOT NULL,
	CONSTRAINT "allocation_children_run_id_investor_id_pk" PRIMARY KEY("run_id","investor_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" "allocation_group_status" DEFAULT 'ACTIVE' NOT NULL,
	"weighting" "allocation_weighting" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocation_investors" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"weight" numeric(38, 18) NOT NULL,
	"priority" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "allocation_investors_weight_positive" CHECK ("allocation_investors"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "allocation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"block_trade_id" integer NOT NULL,
	"run" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"inputs" jsonb NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "allocation_children" ADD CONSTRAINT "allocation_children_run_id_allocation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."allocation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_children" ADD CONSTRAINT "allocation_children_investor_id_allocation_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."allocation_investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_children" ADD CONSTRAINT "allocation_children_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_groups" ADD CONSTRAINT "allocation_groups_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_investors" ADD CONSTRAINT "allocation_investors_group_id_allocation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."allocation_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_investors" ADD CONSTRAINT "allocation_investors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_investors" ADD CONSTRAINT "allocation_investors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD CONSTRAINT "allocation_runs_group_id_allocation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."allocation_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD CONSTRAINT "allocation_runs_block_trade_id_trades_id_fk" FOREIGN KEY ("block_trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_children_trade_idx" ON "allocation_children" USING btree ("trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_groups_name_uq" ON "allocation_groups" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_investors_account_uq" ON "allocation_investors" USING btree ("group_id","account_id") WHERE "allocation_investors"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_runs_block_run_uq" ON "allocation_runs" USING btree ("block_trade_id","run");--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_runs_current_uq" ON "allocation_runs" USING btree ("block_trade_id") WHERE "allocation_runs"."current";--> statement-breakpoint
CREATE INDEX "allocation_runs_group_idx" ON "allocation_runs" USING btree ("group_id");