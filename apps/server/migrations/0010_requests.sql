CREATE TYPE "public"."request_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."request_type" AS ENUM('BANK ACCOUNT', 'WALLET ADDRESS', 'REMOVE BANK ACCOUNT', 'REMOVE WALLET', 'WITHDRAWAL', 'DEPOSIT', 'UPDATE WALLET', 'UPDATE BANK ACCOUNT', 'INTERNAL TRANSFER');--> statement-breakpoint
CREATE TABLE "approval_policies" (
	"entity_id" integer NOT NULL,
	"request_type" "request_type" NOT NULL,
	"required_approvals" integer NOT NULL,
	CONSTRAINT "approval_policies_entity_id_request_type_pk" PRIMARY KEY("entity_id","request_type"),
	CONSTRAINT "approval_policies_range" CHECK ("approval_policies"."required_approvals" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "request_approvals" (
	"request_id" bigint NOT NULL,
	"approver_kind" text NOT NULL,
	"approver_id" text NOT NULL,
	"approver_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_approvals_request_id_approver_kind_approver_id_pk" PRIMARY KEY("request_id","approver_kind","approver_id")
);
--> statement-breakpoint
CREATE TABLE "request_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_kind" text NOT NULL,
	"by_id" text NOT NULL,
	"by_name" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" "request_type" NOT NULL,
	"entity_id" integer NOT NULL,
	"requester_kind" text NOT NULL,
	"requester_id" text NOT NULL,
	"requester_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"status" "request_status" DEFAULT 'PENDING' NOT NULL,
	"required_approvals" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_required_approvals" CHECK ("requests"."required_approvals" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_approvals" ADD CONSTRAINT "request_approvals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_history" ADD CONSTRAINT "request_history_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_history_request_idx" ON "request_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "requests_entity_status_idx" ON "requests" USING btree ("entity_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_pending_unique_idx" ON "requests" USING btree ("entity_id","type","payload_hash") WHERE "requests"."status" = 'PENDING';--> statement-breakpoint
CREATE FUNCTION request_history_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'request_history is append-only (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_history_append_only BEFORE UPDATE OR DELETE ON request_history
  FOR EACH ROW EXECUTE FUNCTION request_history_refuse_change();
