CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller_id" uuid NOT NULL,
	"callee_id" uuid NOT NULL,
	"state" text DEFAULT 'ringing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ringing_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "calls_state_check" CHECK ("calls"."state" in ('ringing', 'active', 'ended')),
	CONSTRAINT "calls_end_reason_check" CHECK ("calls"."end_reason" is null or "calls"."end_reason" in ('declined', 'no-answer', 'busy', 'unavailable', 'cancelled', 'hung-up', 'blocked', 'lost')),
	CONSTRAINT "calls_not_self" CHECK ("calls"."caller_id" <> "calls"."callee_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_users_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_open_per_pair_idx" ON "calls" USING btree (least("caller_id", "callee_id"),greatest("caller_id", "callee_id")) WHERE "calls"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "calls_open_caller_idx" ON "calls" USING btree ("caller_id") WHERE "calls"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "calls_open_callee_idx" ON "calls" USING btree ("callee_id") WHERE "calls"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "calls_caller_created_at_idx" ON "calls" USING btree ("caller_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_ringing_created_at_idx" ON "calls" USING btree ("created_at") WHERE "calls"."state" = 'ringing';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('text', 'call', 'missed-call'));