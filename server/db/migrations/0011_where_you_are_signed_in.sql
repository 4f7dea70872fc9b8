-- "Where you're signed in" in Settings: each session gets a handle the member
-- may see and end it by (the id is the token's jti and stays private), the
-- browser's User-Agent at sign-in, so a phone can be told from a laptop, and
-- when it was last used. Sessions from before this have no User-Agent (an
-- unknown device) and count as last used when they began.
ALTER TABLE "sessions" ADD COLUMN "handle" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "last_active_at" = "created_at";
