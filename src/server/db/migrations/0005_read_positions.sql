CREATE TABLE "read_positions" (
	"user_id" varchar(24) NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" varchar(24) NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_positions_user_id_kind_conversation_id_pk" PRIMARY KEY("user_id","kind","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "read_positions" ADD CONSTRAINT "read_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;