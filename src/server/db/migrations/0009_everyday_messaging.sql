CREATE TABLE "delivered_positions" (
	"user_id" varchar(24) NOT NULL,
	"other_id" varchar(24) NOT NULL,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivered_positions_user_id_other_id_pk" PRIMARY KEY("user_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"message_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_message_id_user_id_emoji_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "reply_to" varchar(24);--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "reply_to" varchar(24);--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "delivered_positions" ADD CONSTRAINT "delivered_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_positions" ADD CONSTRAINT "delivered_positions_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivered_positions_other_idx" ON "delivered_positions" USING btree ("other_id");