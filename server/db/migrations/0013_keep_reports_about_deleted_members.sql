-- A report now outlives the account it is about: a member who was reported
-- could otherwise erase every report against them by deleting their account
-- and signing up again. reported_id keeps the account's id (so reports about
-- it still group together) without a foreign key, and each report keeps the
-- username it was about. Written to be run again on a database that has it
-- (the migration test does), which changes nothing there.
ALTER TABLE "user_reports" DROP CONSTRAINT IF EXISTS "user_reports_reported_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN IF NOT EXISTS "reported_username" text;
--> statement-breakpoint
UPDATE "user_reports" SET "reported_username" = "users"."username" FROM "users" WHERE "users"."id" = "user_reports"."reported_id" AND "user_reports"."reported_username" IS NULL;
--> statement-breakpoint
ALTER TABLE "user_reports" ALTER COLUMN "reported_username" SET NOT NULL;
