import { defineConfig } from 'drizzle-kit';

// Migrations are generated (npm run db:generate) and applied at start-up by
// the app's migrator; `drizzle-kit push` is not used because it cannot load
// PGlite's cube/earthdistance extensions.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
