CREATE TABLE "read_positions" (
	"user_id" varchar(24) NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" varchar(24) NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_positions_user_id_kind_conversation_id_pk" PRIMARY KEY("user_id","kind","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "read_positions" ADD CONSTRAINT "read_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What was sent before read positions existed counts as read, so the day this ships nobody's
-- conversations all turn "unread": a direct thread up to its newest message, a group likewise.
INSERT INTO "read_positions" ("user_id", "kind", "conversation_id", "last_read_seq")
SELECT t."reader", 'direct', t."peer", max(t."seq") FROM (
  SELECT "receiver_id" AS "reader", "sender_id" AS "peer", "seq" FROM "direct_messages"
  UNION ALL
  SELECT "sender_id", "receiver_id", "seq" FROM "direct_messages"
) t GROUP BY t."reader", t."peer"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "read_positions" ("user_id", "kind", "conversation_id", "last_read_seq")
SELECT m."user_id", 'group', m."group_id", max(g."seq")
FROM "group_members" m JOIN "group_messages" g ON g."group_id" = m."group_id"
GROUP BY m."user_id", m."group_id"
ON CONFLICT DO NOTHING;
