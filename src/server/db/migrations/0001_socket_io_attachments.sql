-- Used by @socket.io/postgres-adapter for payloads over NOTIFY's 8000-byte limit (PostgreSQL only;
-- harmless and empty on PGlite).
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT NOW(),
  payload bytea
);
