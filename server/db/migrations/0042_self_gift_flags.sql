ALTER TABLE "gift_sends" ADD COLUMN "from_host_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "host_address_fingerprint" text;