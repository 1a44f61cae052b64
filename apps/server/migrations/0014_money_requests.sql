CREATE TABLE "file_proofs" (
	"request_id" bigint PRIMARY KEY NOT NULL,
	"stored_name" uuid DEFAULT gen_random_uuid() NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_transaction_hashes" (
	"request_id" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"added_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_proofs" ADD CONSTRAINT "file_proofs_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_transaction_hashes" ADD CONSTRAINT "request_transaction_hashes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;