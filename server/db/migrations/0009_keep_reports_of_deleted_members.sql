-- A member who deletes their account takes everything that is only theirs
-- with them, but not the reports they made: moderators still need a
-- harasser's reports after the reporter leaves. The report stays, without
-- the reporter's name (reporter_id becomes null).
ALTER TABLE "user_reports" DROP CONSTRAINT "user_reports_reporter_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;