CREATE TYPE "public"."destination_status" AS ENUM('ACTIVE', 'REMOVED');--> statement-breakpoint
CREATE TYPE "public"."vasp_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."wallet_type" AS ENUM('Regulated Custodian Wallet', 'Private DeFi Wallet', 'Private Hardware Wallet', 'Wallet as a Service', 'Unknown');--> statement-breakpoint
CREATE TABLE "vasps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lei" text,
	"travel_rule_id" text,
	"jurisdiction" text NOT NULL,
	"website" text,
	"status" "vasp_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vasps_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"type" "wallet_type" DEFAULT 'Unknown' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"status" "destination_status" DEFAULT 'ACTIVE' NOT NULL,
	"friendly_name" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"tag_memo" text,
	"digital_assets" text[] NOT NULL,
	"vasp_id" integer,
	"request_id" bigint,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_vasp_id_vasps_id_fk" FOREIGN KEY ("vasp_id") REFERENCES "public"."vasps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallets_entity_idx" ON "wallets" USING btree ("entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_live_address_idx" ON "wallets" USING btree ("entity_id","network","address",coalesce("tag_memo", '')) WHERE "wallets"."status" = 'ACTIVE';