CREATE TABLE "email_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_approvals" ADD COLUMN "approver_person" text;--> statement-breakpoint
-- (Hand-written) Approvals already given name their person: the user, or the user who owns the key.
UPDATE "request_approvals" a SET "approver_person" = coalesce(
  (SELECT 'user:' || k."created_by" FROM "api_keys" k
    WHERE a."approver_kind" = 'apiKey' AND k."id"::text = a."approver_id" AND k."created_by" IS NOT NULL),
  a."approver_kind" || ':' || a."approver_id");--> statement-breakpoint
-- (Hand-written) One person counts once: a second approval by the same person (another credential) is dropped; the history keeps it.
DELETE FROM "request_approvals" a USING "request_approvals" b
  WHERE a."request_id" = b."request_id" AND a."approver_person" = b."approver_person"
    AND (a."at", a."approver_kind", a."approver_id") > (b."at", b."approver_kind", b."approver_id");--> statement-breakpoint
ALTER TABLE "request_approvals" ALTER COLUMN "approver_person" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "request_approvals" ADD COLUMN "on_behalf_of_id" text;--> statement-breakpoint
ALTER TABLE "request_approvals" ADD COLUMN "on_behalf_of_name" text;--> statement-breakpoint
ALTER TABLE "request_history" ADD COLUMN "on_behalf_of_id" text;--> statement-breakpoint
ALTER TABLE "request_history" ADD COLUMN "on_behalf_of_name" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_token_idx" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "request_approvals_person_idx" ON "request_approvals" USING btree ("request_id","approver_person");