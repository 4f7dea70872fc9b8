CREATE TABLE "test_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"item_name" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"billing_months" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan_id" uuid,
	"plan_name" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"billing_months" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "vip_subscriptions_status_check" CHECK ("vip_subscriptions"."status" in ('active', 'pastDue', 'ended')),
	CONSTRAINT "vip_subscriptions_provider_check" CHECK ("vip_subscriptions"."provider" in ('stripe', 'local', 'seed'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "vip_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "billing_months" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "billing_months" integer;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD CONSTRAINT "test_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD CONSTRAINT "vip_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_subscriptions" ADD CONSTRAINT "vip_subscriptions_plan_id_vip_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."vip_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_subscriptions_one_live_idx" ON "vip_subscriptions" USING btree ("user_id") WHERE "vip_subscriptions"."status" <> 'ended';--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_vip_plan_id_vip_plans_id_fk" FOREIGN KEY ("vip_plan_id") REFERENCES "public"."vip_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_subscription_id_vip_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vip_subscriptions"("id") ON DELETE set null ON UPDATE no action;