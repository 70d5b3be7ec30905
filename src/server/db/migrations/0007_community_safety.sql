CREATE TABLE "blocks" (
	"blocker_id" varchar(24) NOT NULL,
	"blocked_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"user_id" varchar(24) NOT NULL,
	"other_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_user_id_other_id_pk" PRIMARY KEY("user_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"actor_id" varchar(24),
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject_user_id" varchar(24),
	"message_id" varchar(24),
	"report_id" varchar(24),
	"group_id" varchar(24),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mutes" (
	"user_id" varchar(24) NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" varchar(24) NOT NULL,
	"until" timestamp with time zone,
	CONSTRAINT "mutes_user_id_kind_conversation_id_pk" PRIMARY KEY("user_id","kind","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"reporter_id" varchar(24),
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"message_id" varchar(24),
	"message_kind" text,
	"subject_user_id" varchar(24),
	"group_id" varchar(24),
	"reported_text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"resolved_by" varchar(24),
	"resolution_note" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_messages" DROP CONSTRAINT "direct_messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "group_messages" DROP CONSTRAINT "group_messages_sender_id_users_id_fk";
--> statement-breakpoint
-- Existing messages keep their place in catch-up: rev starts as seq (a volatile default would renumber them all).
ALTER TABLE "direct_messages" ADD COLUMN "rev" bigint;--> statement-breakpoint
UPDATE "direct_messages" SET "rev" = "seq";--> statement-breakpoint
ALTER TABLE "direct_messages" ALTER COLUMN "rev" SET DEFAULT nextval('message_seq');--> statement-breakpoint
ALTER TABLE "direct_messages" ALTER COLUMN "rev" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD COLUMN "deleted_by" text;--> statement-breakpoint
-- Existing messages keep their place in catch-up: rev starts as seq (a volatile default would renumber them all).
ALTER TABLE "group_messages" ADD COLUMN "rev" bigint;--> statement-breakpoint
UPDATE "group_messages" SET "rev" = "seq";--> statement-breakpoint
ALTER TABLE "group_messages" ALTER COLUMN "rev" SET DEFAULT nextval('message_seq');--> statement-breakpoint
ALTER TABLE "group_messages" ALTER COLUMN "rev" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "guidelines" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "direct_messages_receiver_rev_idx" ON "direct_messages" USING btree ("receiver_id","rev");--> statement-breakpoint
CREATE INDEX "direct_messages_sender_rev_idx" ON "direct_messages" USING btree ("sender_id","rev");--> statement-breakpoint
CREATE INDEX "group_messages_group_rev_idx" ON "group_messages" USING btree ("group_id","rev");--> statement-breakpoint
-- Conversations that began before message requests existed stay conversations, both ways.
INSERT INTO "contacts" ("user_id", "other_id")
  SELECT DISTINCT "sender_id", "receiver_id" FROM "direct_messages"
  UNION SELECT DISTINCT "receiver_id", "sender_id" FROM "direct_messages"
  ON CONFLICT DO NOTHING;