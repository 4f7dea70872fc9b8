CREATE TYPE "public"."onboarding_step" AS ENUM('photos', 'about', 'interests', 'location', 'preferences');--> statement-breakpoint
CREATE TYPE "public"."show_me" AS ENUM('women', 'men', 'everyone');--> statement-breakpoint
CREATE TABLE "member_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_me" "show_me" DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_min_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_max_age" integer DEFAULT 99 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_max_distance_km" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding_step" "onboarding_step" DEFAULT 'photos' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_nudge_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_photos" ADD CONSTRAINT "member_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notices_user_id_idx" ON "member_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_photos_user_position_idx" ON "member_photos" USING btree ("user_id","position");--> statement-breakpoint
-- Accounts made before the guided set-up existed are not sent through it.
UPDATE "users" SET "onboarded_at" = now() WHERE "onboarded_at" IS NULL;
