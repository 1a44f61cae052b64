CREATE TABLE "oidc_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"binding_hash" text NOT NULL,
	"callback_url" text NOT NULL,
	"response" text,
	"expires_at" timestamp with time zone NOT NULL
);
