ALTER TABLE "purchases" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refund_within_amount" CHECK ("purchases"."refunded_minor" >= 0 and "purchases"."refunded_minor" <= "purchases"."amount_minor");