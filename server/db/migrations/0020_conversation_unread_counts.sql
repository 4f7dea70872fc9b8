ALTER TABLE "conversations" ADD COLUMN "user_a_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_b_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing conversations start from the real count: the other member's messages past each side's read mark, answered call entries not counted.
UPDATE "conversations" SET
	"user_a_unread" = (SELECT count(*) FROM "messages" WHERE "messages"."conversation_id" = "conversations"."id" AND "messages"."seq" > "conversations"."user_a_read_seq" AND "messages"."sender_id" <> "conversations"."user_a_id" AND "messages"."kind" <> 'call'),
	"user_b_unread" = (SELECT count(*) FROM "messages" WHERE "messages"."conversation_id" = "conversations"."id" AND "messages"."seq" > "conversations"."user_b_read_seq" AND "messages"."sender_id" <> "conversations"."user_b_id" AND "messages"."kind" <> 'call');
