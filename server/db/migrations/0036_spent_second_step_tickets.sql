CREATE TABLE "spent_second_step_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_second_step_tickets_expires_idx" ON "spent_second_step_tickets" USING btree ("expires_at");