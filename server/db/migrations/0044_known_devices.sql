CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL,
	"door" text NOT NULL,
	"device_id" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_user_id_door_device_id_pk" PRIMARY KEY("user_id","door","device_id")
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_newest_idx" ON "known_devices" USING btree ("user_id","door","last_signed_in_at");