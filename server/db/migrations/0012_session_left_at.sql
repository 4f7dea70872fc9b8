-- Closing the last Orbit tab of a session ends its member's "Online now" at
-- once instead of after the presence timeout (server/auth/presence.ts); the
-- session itself stays signed in.
ALTER TABLE "sessions" ADD COLUMN "left_at" timestamp with time zone;
