CREATE TABLE "entity_address_types" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_attributes" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_name_sources" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The values the contract fixed until issue 26, labelled as they were shown (code = label).
-- Seeded before the foreign keys, which then hold every existing address and name mapping.
INSERT INTO "entity_address_types" ("code", "label") VALUES
	('Registered', 'Registered'), ('Business', 'Business'), ('Mailing', 'Mailing'), ('Billing', 'Billing');
--> statement-breakpoint
INSERT INTO "entity_name_sources" ("code", "label") VALUES
	('Internal', 'Internal'), ('TradingPlatform', 'TradingPlatform'), ('Bank', 'Bank'), ('LEI Registry', 'LEI Registry');
--> statement-breakpoint
INSERT INTO "entity_attributes" ("code", "label") VALUES
	('Executing Broker', 'Executing Broker'), ('Customer', 'Customer'), ('Liquidity Provider', 'Liquidity Provider'),
	('Fund Manager', 'Fund Manager'), ('Custodian', 'Custodian'), ('Bank', 'Bank'), ('Agent', 'Agent'),
	('Margin', 'Margin'), ('DELIVERABLE', 'DELIVERABLE'), ('Allocation Manager', 'Allocation Manager'),
	('Allocation Investor', 'Allocation Investor'), ('WhiteLabel', 'WhiteLabel'), ('GCE_Entity', 'GCE_Entity'),
	('Transfer Receiver', 'Transfer Receiver'), ('Referred Client', 'Referred Client');
--> statement-breakpoint
ALTER TABLE "entity_addresses" ADD CONSTRAINT "entity_addresses_address_type_entity_address_types_code_fk" FOREIGN KEY ("address_type") REFERENCES "public"."entity_address_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_name_mappings" ADD CONSTRAINT "entity_name_mappings_source_entity_name_sources_code_fk" FOREIGN KEY ("source") REFERENCES "public"."entity_name_sources"("code") ON DELETE no action ON UPDATE no action;