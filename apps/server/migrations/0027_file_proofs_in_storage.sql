-- File proofs move behind platform storage (platform/storage): the bytes go to the
-- PostgreSQL driver's table under the proof's stored name as key, with their SHA-256
-- (checked on every read); the proof keeps only the key. With STORAGE_DRIVER=filesystem
-- the server moves them on into the directory at its next start.
CREATE TABLE "stored_objects" (
	"key" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "stored_objects" ("key", "content_type", "sha256", "size", "data", "created_at")
	SELECT "stored_name", "mime", encode(sha256("data"), 'hex'), length("data"), "data", "at" FROM "file_proofs";
--> statement-breakpoint
ALTER TABLE "file_proofs" ADD COLUMN "storage_key" text;--> statement-breakpoint
UPDATE "file_proofs" SET "storage_key" = "stored_name"::text;--> statement-breakpoint
ALTER TABLE "file_proofs" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "file_proofs" DROP COLUMN "data";
