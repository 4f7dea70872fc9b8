-- Issue 48: every VIP plan gives every benefit the server enforces, and
-- none of what it never did ("10x more views", "Message anyone"). Plans
-- still listing a feature list the seed first wrote get the true one; a list
-- an admin wrote is theirs and stays.
UPDATE "vip_plans"
SET "features" = ARRAY['Unlimited Likes', 'See Who Liked You', 'Boost Profile once a day', 'Incognito Mode']::text[]
WHERE "features" IN (
  ARRAY['Unlimited Likes', 'See Who Liked You', 'Message anyone']::text[],
  ARRAY['Unlimited Likes', 'See Who Liked You', 'Message anyone', 'Boost Profile (10x more views)']::text[],
  ARRAY['Unlimited Likes', 'See Who Liked You', 'Boost Profile (10x more views)', 'Incognito Mode', 'Message anyone']::text[]
);
