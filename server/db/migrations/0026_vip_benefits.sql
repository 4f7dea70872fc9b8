CREATE TABLE "like_allowance_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "like_allowance_days_pkey" PRIMARY KEY("user_id","day"),
	CONSTRAINT "like_allowance_days_used_positive" CHECK ("like_allowance_days"."used" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "incognito" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "like_allowance_days" ADD CONSTRAINT "like_allowance_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;