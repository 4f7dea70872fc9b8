CREATE TABLE "boost_views" (
	"boost_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	CONSTRAINT "boost_views_pkey" PRIMARY KEY("boost_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"vip_day" date,
	"start_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "boosts_start_key_unique" UNIQUE("start_key"),
	CONSTRAINT "boosts_source_check" CHECK ("boosts"."source" in ('vip-daily', 'coins')),
	CONSTRAINT "boosts_ends_after_start" CHECK ("boosts"."ends_at" > "boosts"."started_at")
);
--> statement-breakpoint
ALTER TABLE "boost_views" ADD CONSTRAINT "boost_views_boost_id_boosts_id_fk" FOREIGN KEY ("boost_id") REFERENCES "public"."boosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_views" ADD CONSTRAINT "boost_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boosts_user_vip_day_idx" ON "boosts" USING btree ("user_id","vip_day");--> statement-breakpoint
CREATE INDEX "boosts_ends_at_idx" ON "boosts" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "boosts_user_started_idx" ON "boosts" USING btree ("user_id","started_at" DESC NULLS LAST);