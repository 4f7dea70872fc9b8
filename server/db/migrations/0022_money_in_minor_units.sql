-- Money as whole cents with a currency: the numeric(10,2) columns were read as JavaScript floats.
-- Each amount is carried across (round(x * 100) is exact for two-decimal values) before its old column goes.
ALTER TABLE "coin_packs" ADD COLUMN "price_minor" integer;--> statement-breakpoint
UPDATE "coin_packs" SET "price_minor" = round("price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "coin_packs" ALTER COLUMN "price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_packs" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
UPDATE "purchases" SET "amount_minor" = round("amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_plans" ADD COLUMN "price_minor" integer;--> statement-breakpoint
UPDATE "vip_plans" SET "price_minor" = round("price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "vip_plans" ALTER COLUMN "price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_plans" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
UPDATE "withdrawals" SET "amount_minor" = round("amount_money" * 100)::integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_packs" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "vip_plans" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "amount_money";--> statement-breakpoint
ALTER TABLE "coin_packs" ADD CONSTRAINT "coin_packs_price_positive" CHECK ("coin_packs"."price_minor" > 0);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_amount_not_negative" CHECK ("purchases"."amount_minor" >= 0);--> statement-breakpoint
ALTER TABLE "vip_plans" ADD CONSTRAINT "vip_plans_price_positive" CHECK ("vip_plans"."price_minor" > 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_amount_not_negative" CHECK ("withdrawals"."amount_minor" >= 0);
