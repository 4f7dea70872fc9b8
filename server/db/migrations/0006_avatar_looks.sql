-- Demo people's generated pictures now follow their gender (/api/media/avatar/<seed>?look=...).
-- Installs seeded before this still hold the seed-only URLs, which drew women
-- with buns and short crops and men with long hair; this points them at the
-- new pictures. Only untouched seed pictures of demo people change: members'
-- own choices and anything already carrying a look are left as they are.
UPDATE "users"
SET
  "avatar" = CASE
    WHEN "avatar" ~ '^/api/media/avatar/[a-z0-9-]{1,64}$'
      THEN "avatar" || CASE "gender" WHEN 'female' THEN '?look=feminine' ELSE '?look=masculine' END
    ELSE "avatar"
  END,
  "photos" = ARRAY(
    SELECT CASE
      WHEN "photo" ~ '^/api/media/avatar/[a-z0-9-]{1,64}$'
        THEN "photo" || CASE "gender" WHEN 'female' THEN '?look=feminine' ELSE '?look=masculine' END
      ELSE "photo"
    END
    FROM unnest("photos") WITH ORDINALITY AS "photo_list"("photo", "position")
    ORDER BY "position"
  )
WHERE "is_demo" AND "gender" IN ('female', 'male');
