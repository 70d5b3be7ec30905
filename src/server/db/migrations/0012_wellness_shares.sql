CREATE TABLE "wellness_shares" (
	"user_id" varchar(24) PRIMARY KEY NOT NULL,
	"professional_id" varchar(24) NOT NULL,
	"summary" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wellness_shares" ADD CONSTRAINT "wellness_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_shares" ADD CONSTRAINT "wellness_shares_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wellness_shares_professional_idx" ON "wellness_shares" USING btree ("professional_id");