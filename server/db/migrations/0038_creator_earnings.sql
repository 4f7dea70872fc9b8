CREATE TABLE "creator_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid,
	"gift_send_id" uuid,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"test" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_earnings_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "creator_earnings_amount_positive" CHECK ("creator_earnings"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"terms_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_gift_send_id_gift_sends_id_fk" FOREIGN KEY ("gift_send_id") REFERENCES "public"."gift_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_earnings_creator_created_idx" ON "creator_earnings" USING btree ("creator_id","created_at" DESC NULLS LAST);