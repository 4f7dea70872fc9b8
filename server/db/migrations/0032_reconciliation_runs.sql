CREATE TABLE "reconciliation_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"members_off_ledger" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payments_checked" integer DEFAULT 0 NOT NULL,
	"payment_mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
