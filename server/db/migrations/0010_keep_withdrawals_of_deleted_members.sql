-- A member who deletes their account takes everything that is only theirs
-- with them, but not their settled payouts: an approved or rejected
-- withdrawal is an accounting record the operator must keep, like a purchase.
-- The row stays, without the member (user_id becomes null). A pending
-- withdrawal still blocks the deletion, so it never loses its member.
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;