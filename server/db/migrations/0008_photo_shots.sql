-- A demo person's gallery photos were each drawn from a seed of their own
-- (/api/media/avatar/<seed>-<n>), so one profile showed several different
-- faces. Photos are now shots of the avatar's own face
-- (/api/media/avatar/<seed>?look=...&photo=<n>). Only demo people's seeded
-- photos move: the number and look come from the old address, and a photo
-- whose seed is not the person's own (or any other picture) stays as it is.
UPDATE "users"
SET "photos" = ARRAY(
  SELECT CASE
    WHEN "shot"[1] = left(regexp_replace(lower("username"), '[^a-z0-9-]', '-', 'g'), 64)
      THEN '/api/media/avatar/' || "shot"[1] || coalesce('?look=' || "shot"[3] || '&photo=' || "shot"[2], '?photo=' || "shot"[2])
    ELSE "photo"
  END
  FROM (
    SELECT "photo", "position", regexp_match("photo", '^/api/media/avatar/([a-z0-9-]+)-([1-6])(?:\?look=(feminine|masculine))?$') AS "shot"
    FROM unnest("photos") WITH ORDINALITY AS "photo_list"("photo", "position")
  ) AS "shots"
  ORDER BY "position"
)
WHERE "is_demo" AND cardinality("photos") > 0;
