CREATE TABLE "crisis_alerts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"client_id" varchar(24) NOT NULL,
	"professional_id" varchar(24) NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_messages" ADD COLUMN "imminent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "crisis_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_crisis_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crisis_alerts" ADD CONSTRAINT "crisis_alerts_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crisis_alerts" ADD CONSTRAINT "crisis_alerts_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crisis_alerts_professional_idx" ON "crisis_alerts" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "group_messages_group_sender_idx" ON "group_messages" USING btree ("group_id","sender_id","seq");