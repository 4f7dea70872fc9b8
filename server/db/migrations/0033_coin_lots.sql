CREATE TABLE "coin_lot_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"coins" integer NOT NULL,
	CONSTRAINT "coin_lot_draws_coins_positive" CHECK ("coin_lot_draws"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"purchase_id" uuid,
	"entry_id" uuid,
	"coins" integer NOT NULL,
	"unspent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_lots_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "coin_lots_coins_positive" CHECK ("coin_lots"."coins" > 0),
	CONSTRAINT "coin_lots_unspent_within_coins" CHECK ("coin_lots"."unspent" >= 0 and "coin_lots"."unspent" <= "coin_lots"."coins"),
	CONSTRAINT "coin_lots_source_check" CHECK ("coin_lots"."source" in ('purchased', 'earned', 'granted')),
	CONSTRAINT "coin_lots_only_bought_have_purchase" CHECK ("coin_lots"."source" = 'purchased' or "coin_lots"."purchase_id" is null)
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" DROP CONSTRAINT "coin_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_lot_draws" ADD CONSTRAINT "coin_lot_draws_entry_id_coin_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."coin_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lot_draws" ADD CONSTRAINT "coin_lot_draws_lot_id_coin_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."coin_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_entry_id_coin_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."coin_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_lot_draws_entry_idx" ON "coin_lot_draws" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "coin_lot_draws_lot_idx" ON "coin_lot_draws" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "coin_lots_user_unspent_idx" ON "coin_lots" USING btree ("user_id","created_at") WHERE "coin_lots"."unspent" > 0;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_kind_check" CHECK ("coin_ledger"."kind" in ('purchased', 'earned', 'granted', 'taken', 'spent', 'refunded', 'restored'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refund_status_check" CHECK ("purchases"."refund_status" is null or "purchases"."refund_status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
-- Lots for coins already held: one per credit in the ledger, the purchased ones tied to their purchase.
INSERT INTO "coin_lots" ("user_id", "source", "purchase_id", "entry_id", "coins", "unspent", "created_at")
SELECT "coin_ledger"."user_id",
  CASE "coin_ledger"."kind" WHEN 'purchased' THEN 'purchased' WHEN 'earned' THEN 'earned' ELSE 'granted' END,
  "purchases"."id", "coin_ledger"."id", "coin_ledger"."amount", "coin_ledger"."amount", "coin_ledger"."created_at"
FROM "coin_ledger"
LEFT JOIN "purchases" ON "coin_ledger"."kind" = 'purchased' AND "coin_ledger"."idempotency_key" = 'purchase:' || "purchases"."id"::text
WHERE "coin_ledger"."amount" > 0 AND "coin_ledger"."user_id" IS NOT NULL;--> statement-breakpoint
-- What was spent before lots existed is taken from them in the order spends now draw (earned and granted, then bought, oldest first),
-- so the lots' unspent coins add up to each balance.
WITH "ordered" AS (
  SELECT "coin_lots"."id", "coin_lots"."coins",
    sum("coin_lots"."coins") OVER (PARTITION BY "coin_lots"."user_id" ORDER BY "coin_lots"."source" = 'purchased', "coin_lots"."created_at", "coin_lots"."id") - "coin_lots"."coins" AS "before",
    sum("coin_lots"."coins") OVER (PARTITION BY "coin_lots"."user_id") - "users"."coins" AS "spent"
  FROM "coin_lots" JOIN "users" ON "users"."id" = "coin_lots"."user_id"
)
UPDATE "coin_lots" SET "unspent" = "ordered"."coins" - greatest(0, least("ordered"."coins", "ordered"."spent" - "ordered"."before"))
FROM "ordered" WHERE "coin_lots"."id" = "ordered"."id";
