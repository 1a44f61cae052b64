CREATE TYPE "public"."trading_user_status" AS ENUM('active', 'suspended');--> statement-breakpoint
CREATE TABLE "user_sso_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "principal_roles" (
	"principal_kind" "principal_kind" NOT NULL,
	"principal_id" text NOT NULL,
	"role_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"scope_type" "scope_type" NOT NULL,
	CONSTRAINT "principal_roles_principal_kind_principal_id_role_id_entity_id_scope_type_pk" PRIMARY KEY("principal_kind","principal_id","role_id","entity_id","scope_type")
);
--> statement-breakpoint
CREATE TABLE "trading_account_properties" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"leverage" integer DEFAULT 1 NOT NULL,
	"trading_enabled" boolean DEFAULT false NOT NULL,
	"allowed_instruments" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_platform_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"entity_id" integer NOT NULL,
	"login_name" text NOT NULL,
	"status" "trading_user_status" DEFAULT 'active' NOT NULL,
	"accounts" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_platform_users_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "trading_platform_users_login_name_unique" UNIQUE("login_name")
);
--> statement-breakpoint
CREATE TABLE "user_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"home_entity_id" integer NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"two_factor_required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_cidrs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sso_links" ADD CONSTRAINT "user_sso_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "principal_roles" ADD CONSTRAINT "principal_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "principal_roles" ADD CONSTRAINT "principal_roles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_account_properties" ADD CONSTRAINT "trading_account_properties_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_platform_users" ADD CONSTRAINT "trading_platform_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_platform_users" ADD CONSTRAINT "trading_platform_users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_templates" ADD CONSTRAINT "user_templates_home_entity_id_entities_id_fk" FOREIGN KEY ("home_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_sso_links_identity_idx" ON "user_sso_links" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_sso_links_user_idx" ON "user_sso_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "principal_roles_role_idx" ON "principal_roles" USING btree ("role_id");