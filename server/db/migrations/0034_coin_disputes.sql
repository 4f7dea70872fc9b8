ALTER TABLE "coin_ledger" DROP CONSTRAINT "coin_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "coin_lots" DROP CONSTRAINT "coin_lots_unspent_within_coins";--> statement-breakpoint
ALTER TABLE "coin_lots" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dispute_owed_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coins_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_kind_check" CHECK ("coin_ledger"."kind" in ('purchased', 'earned', 'granted', 'taken', 'spent', 'refunded', 'restored', 'held', 'released', 'settled'));--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_unspent_within_coins" CHECK ("coin_lots"."unspent" >= 0 and "coin_lots"."held" >= 0 and "coin_lots"."unspent" + "coin_lots"."held" <= "coin_lots"."coins");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_dispute_status_check" CHECK ("purchases"."dispute_status" is null or "purchases"."dispute_status" in ('open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_coins_owed_not_negative" CHECK ("users"."coins_owed" >= 0);