ALTER TABLE "users" ADD COLUMN "extra_likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_extra_likes_not_negative" CHECK ("users"."extra_likes" >= 0);