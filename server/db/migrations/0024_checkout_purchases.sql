CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" uuid,
	"item_name" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"success_path" text NOT NULL,
	"cancel_path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "coin_pack_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "coins" integer;--> statement-breakpoint
-- Every purchase so far was recorded as paid, by the demo seed, when it was made; new ones always name both.
ALTER TABLE "purchases" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "provider" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "attempt_key" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "withdrawal_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "purchases" SET "paid_at" = "created_at";--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "provider" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_coin_pack_id_coin_packs_id_fk" FOREIGN KEY ("coin_pack_id") REFERENCES "public"."coin_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_paid_at_idx" ON "purchases" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_attempt_key_unique" UNIQUE("attempt_key");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_checkout_session_id_unique" UNIQUE("checkout_session_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('pending', 'processing', 'paid', 'failed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_provider_check" CHECK ("purchases"."provider" in ('stripe', 'local', 'seed'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_paid_has_date" CHECK (("purchases"."status" = 'paid') = ("purchases"."paid_at" is not null));