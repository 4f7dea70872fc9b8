CREATE TABLE "creator_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "creator_identities" ADD CONSTRAINT "creator_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_identities" ADD CONSTRAINT "creator_identities_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;