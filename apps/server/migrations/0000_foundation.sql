CREATE TYPE "public"."asset_class" AS ENUM('FIAT', 'CRYPTO');--> statement-breakpoint
CREATE TABLE "countries" (
	"alpha2" text PRIMARY KEY NOT NULL,
	"alpha3" text NOT NULL,
	"numeric" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_alpha3_unique" UNIQUE("alpha3")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"digital_asset_name" text,
	"scale" smallint NOT NULL,
	"asset_class" "asset_class" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "currencies_scale_range" CHECK ("currencies"."scale" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_message" text,
	"maintenance_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "server_settings_singleton" CHECK ("server_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"acting_entity_id" integer,
	"action" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");