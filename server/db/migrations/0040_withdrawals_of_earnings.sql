ALTER TYPE "public"."withdrawal_status" ADD VALUE 'returned';--> statement-breakpoint
ALTER TABLE "creator_earnings" DROP CONSTRAINT "creator_earnings_amount_positive";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "amount_coins" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD COLUMN "kind" text DEFAULT 'gift' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "sent_minor" integer;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_earnings_withdrawal_idx" ON "creator_earnings" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_request_unique" ON "withdrawals" USING btree ("user_id","request_id");--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_amount_signed" CHECK (("creator_earnings"."kind" = 'withdrawal') = ("creator_earnings"."amount_minor" < 0) and "creator_earnings"."amount_minor" <> 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_within_amount" CHECK ("withdrawals"."fee_minor" is null or ("withdrawals"."fee_minor" >= 0 and "withdrawals"."fee_minor" <= "withdrawals"."amount_minor"));