CREATE TABLE "transfer_fee_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"asset" text NOT NULL,
	"network" text,
	"fixed" numeric(38, 18) NOT NULL,
	"bps" numeric(12, 6) NOT NULL,
	"minimum" numeric(38, 18) NOT NULL,
	"maximum" numeric(38, 18),
	"tier_mode" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"supersedes_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_fee_schedules_period" CHECK ("transfer_fee_schedules"."effective_to" is null or "transfer_fee_schedules"."effective_to" > "transfer_fee_schedules"."effective_from"),
	CONSTRAINT "transfer_fee_schedules_tier_mode" CHECK ("transfer_fee_schedules"."tier_mode" in ('NONE', 'GRADUATED', 'VOLUME'))
);
--> statement-breakpoint
ALTER TABLE "transfer_fee_schedules" ADD CONSTRAINT "transfer_fee_schedules_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_fee_schedules" ADD CONSTRAINT "transfer_fee_schedules_asset_currencies_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_fee_schedules" ADD CONSTRAINT "transfer_fee_schedules_supersedes_id_transfer_fee_schedules_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."transfer_fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_fee_schedules_entity_idx" ON "transfer_fee_schedules" USING btree ("entity_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_fee_revenue_idx" ON "accounts" USING btree ("entity_id") WHERE "accounts"."kind" = 'CLIENT' and "accounts"."platform_role" = 'FEE_INCOME';