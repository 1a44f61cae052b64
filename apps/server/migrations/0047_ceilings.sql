ALTER TYPE "public"."request_type" ADD VALUE 'LIMIT';--> statement-breakpoint
ALTER TYPE "public"."request_type" ADD VALUE 'LARGE CASH ENTRY';--> statement-breakpoint
ALTER TYPE "public"."request_type" ADD VALUE 'ENTITY MOVE';--> statement-breakpoint
CREATE TABLE "ceilings" (
	"entity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"maximum" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"request_id" bigint NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ceilings_entity_id_kind_asset_pk" PRIMARY KEY("entity_id","kind","asset"),
	CONSTRAINT "ceilings_positive" CHECK ("ceilings"."maximum" > 0),
	CONSTRAINT "ceilings_kind" CHECK ("ceilings"."kind" in ('CASH_ENTRY', 'MONEY_REQUEST'))
);
--> statement-breakpoint
ALTER TABLE "ceilings" ADD CONSTRAINT "ceilings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;