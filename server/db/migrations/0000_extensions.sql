-- The radar's GiST index uses ll_to_earth(), which needs cube + earthdistance.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
