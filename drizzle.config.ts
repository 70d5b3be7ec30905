import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  // `npm run db:check` points this at a scratch copy, so checking never writes into the repository.
  out: process.env.DRIZZLE_MIGRATIONS_DIR ?? './src/server/db/migrations',
});
