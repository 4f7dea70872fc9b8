-- "Where you're signed in" in Settings: each session gets a handle the member
-- may see and end it by (the id is the token's jti and stays private), and the
-- browser's User-Agent at sign-in, so a phone can be told from a laptop.
-- Sessions from before this have no User-Agent and show as an unknown device.
ALTER TABLE "sessions" ADD COLUMN "handle" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;