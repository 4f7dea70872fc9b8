-- Generated pictures now follow gender (/api/media/avatar/<seed>?look=...).
-- Accounts created before this still hold seed-only URLs, which drew women
-- with short crops and men with long hair. Only pictures nobody chose move:
-- an account's own default avatar (the seed of its username, as
-- defaultAvatarUrl makes it) and demo people's seeded photos. Anything a
-- member picked, and anything that already has a look, stays as it is.
UPDATE "users"
SET "avatar" = "avatar" || CASE "gender" WHEN 'female' THEN '?look=feminine' ELSE '?look=masculine' END
WHERE "gender" IN ('female', 'male')
  AND "avatar" = '/api/media/avatar/' || left(regexp_replace(lower("username"), '[^a-z0-9-]', '-', 'g'), 64);
--> statement-breakpoint
UPDATE "users"
SET "photos" = ARRAY(
  SELECT CASE
    WHEN "photo" ~ '^/api/media/avatar/[a-z0-9-]{1,64}$'
      THEN "photo" || CASE "gender" WHEN 'female' THEN '?look=feminine' ELSE '?look=masculine' END
    ELSE "photo"
  END
  FROM unnest("photos") WITH ORDINALITY AS "photo_list"("photo", "position")
  ORDER BY "position"
)
WHERE "is_demo" AND "gender" IN ('female', 'male');
