CREATE TABLE "coin_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "coin_ledger_amount_not_zero" CHECK ("coin_ledger"."amount" <> 0),
	CONSTRAINT "coin_ledger_balance_not_negative" CHECK ("coin_ledger"."balance_after" >= 0),
	CONSTRAINT "coin_ledger_kind_check" CHECK ("coin_ledger"."kind" in ('purchased', 'earned', 'granted', 'taken', 'spent'))
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_created_idx" ON "coin_ledger" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_coins_not_negative" CHECK ("users"."coins" >= 0);--> statement-breakpoint
-- Balances from before the ledger open it, so every balance is the sum of its member's entries from here on.
INSERT INTO "coin_ledger" ("user_id", "amount", "kind", "reference", "idempotency_key", "balance_after")
  SELECT "id", "coins", 'granted', 'Balance before the coin ledger', 'opening-balance:' || "id", "coins" FROM "users" WHERE "coins" > 0;
