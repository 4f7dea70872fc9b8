-- Spin reads people most recently active first, a page at a time (people-query.ts).
-- radar_cell is left as 0003 made it: drizzle-kit also wants to rebuild it because
-- its grid step now prints one unit in the last place lower (a4459b9, one earth
-- radius), which changes no cell in practice but would rewrite the users table
-- and drop users_radar_cell_idx with the column.
DROP INDEX "users_last_seen_at_idx";--> statement-breakpoint
CREATE INDEX "users_recently_active_idx" ON "users" USING btree ("last_seen_at" DESC NULLS LAST,"id");
