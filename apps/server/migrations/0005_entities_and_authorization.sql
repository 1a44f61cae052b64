CREATE TYPE "public"."relationship_type" AS ENUM('Agent', 'Client', 'Collateral', 'ManagedAccount', 'ReferredClient', 'Undefined');--> statement-breakpoint
CREATE TYPE "public"."principal_kind" AS ENUM('user', 'apiKey');--> statement-breakpoint
CREATE TYPE "public"."scope_type" AS ENUM('SELF', 'DESCENDANTS', 'SELF_AND_DESCENDANTS');--> statement-breakpoint
CREATE TABLE "conversion_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "conversion_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "entity_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"address_type" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postal_code" text,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_name_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_entities" (
	"entity_id" integer NOT NULL,
	"related_entity_id" integer NOT NULL,
	"relationship_type" "relationship_type" NOT NULL,
	CONSTRAINT "related_entities_entity_id_related_entity_id_relationship_type_pk" PRIMARY KEY("entity_id","related_entity_id","relationship_type")
);
--> statement-breakpoint
CREATE TABLE "roll_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "roll_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "direct_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"principal_kind" "principal_kind" NOT NULL,
	"principal_id" text NOT NULL,
	"entity_id" integer NOT NULL,
	"permission" text NOT NULL,
	"scope_type" "scope_type" NOT NULL,
	CONSTRAINT "direct_permissions_unique" UNIQUE("principal_kind","principal_id","entity_id","permission","scope_type")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"principal_kind" "principal_kind" NOT NULL,
	"principal_id" text NOT NULL,
	CONSTRAINT "group_members_group_id_principal_kind_principal_id_pk" PRIMARY KEY("group_id","principal_kind","principal_id")
);
--> statement-breakpoint
CREATE TABLE "group_roles" (
	"group_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "group_roles_group_id_role_id_pk" PRIMARY KEY("group_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "permission_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"scope_type" "scope_type" NOT NULL,
	CONSTRAINT "permission_scopes_unique" UNIQUE("group_id","entity_id","scope_type")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "attributes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "trading_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "conversion_profile_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "roll_profile_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_addresses" ADD CONSTRAINT "entity_addresses_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_addresses" ADD CONSTRAINT "entity_addresses_country_code_countries_alpha2_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("alpha2") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_name_mappings" ADD CONSTRAINT "entity_name_mappings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_entities" ADD CONSTRAINT "related_entities_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_entities" ADD CONSTRAINT "related_entities_related_entity_id_entities_id_fk" FOREIGN KEY ("related_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_permissions" ADD CONSTRAINT "direct_permissions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_roles" ADD CONSTRAINT "group_roles_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_roles" ADD CONSTRAINT "group_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_scopes" ADD CONSTRAINT "permission_scopes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_scopes" ADD CONSTRAINT "permission_scopes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_addresses_entity_idx" ON "entity_addresses" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "entity_name_mappings_entity_idx" ON "entity_name_mappings" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "direct_permissions_principal_idx" ON "direct_permissions" USING btree ("principal_kind","principal_id");--> statement-breakpoint
CREATE INDEX "group_members_principal_idx" ON "group_members" USING btree ("principal_kind","principal_id");--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_agent_id_entities_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_conversion_profile_id_conversion_profiles_id_fk" FOREIGN KEY ("conversion_profile_id") REFERENCES "public"."conversion_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_roll_profile_id_roll_profiles_id_fk" FOREIGN KEY ("roll_profile_id") REFERENCES "public"."roll_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entities_path_idx" ON "entities" USING btree ("path" text_pattern_ops);