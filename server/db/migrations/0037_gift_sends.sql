CREATE TABLE "gift_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid,
	"send_id" uuid NOT NULL,
	"gift_id" uuid NOT NULL,
	"recipient_id" uuid,
	"stream_id" uuid,
	"coins" integer NOT NULL,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_sends_coins_positive" CHECK ("gift_sends"."coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_entry_id_coin_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."coin_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_sends_sender_send_idx" ON "gift_sends" USING btree ("sender_id","send_id");--> statement-breakpoint
CREATE INDEX "gift_sends_stream_created_idx" ON "gift_sends" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_sender_created_idx" ON "gift_sends" USING btree ("sender_id","created_at");