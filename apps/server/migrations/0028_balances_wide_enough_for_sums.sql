ALTER TABLE "balances" ALTER COLUMN "posted" SET DATA TYPE numeric(56, 18);--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "posted" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "held" SET DATA TYPE numeric(56, 18);--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "held" SET DEFAULT '0';