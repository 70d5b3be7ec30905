CREATE TABLE "server_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
-- The database's identity for sync clients (schema.ts serverMeta); made once, never changed.
INSERT INTO "server_meta" ("key", "value") VALUES ('epoch', gen_random_uuid()::text) ON CONFLICT DO NOTHING;
