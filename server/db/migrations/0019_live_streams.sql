CREATE TABLE "stream_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_mutes" (
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "stream_mutes_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_viewers" (
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_viewers_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"host_session_id" uuid,
	"title" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"total_viewers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "streams_end_reason_check" CHECK ("streams"."end_reason" is null or "streams"."end_reason" in ('ended', 'lost', 'admin', 'signed-out', 'banned')),
	CONSTRAINT "streams_ended_with_reason" CHECK (("streams"."ended_at" is null) = ("streams"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_messages_stream_created_at_idx" ON "stream_messages" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_live_per_host_idx" ON "streams" USING btree ("host_id") WHERE "streams"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "streams_live_started_at_idx" ON "streams" USING btree ("started_at") WHERE "streams"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "streams_host_started_at_idx" ON "streams" USING btree ("host_id","started_at");--> statement-breakpoint
CREATE INDEX "streams_started_at_idx" ON "streams" USING btree ("started_at");