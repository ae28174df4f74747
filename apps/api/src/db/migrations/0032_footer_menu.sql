-- The footer's links became an admin-editable menu (the footer section of the `menus` setting). Until now the
-- footer always showed Membership, Posts and Contact before the admin's footer entries; a site that stored its
-- menus keeps those links, first, unless its footer already has an entry for the same path.
UPDATE "settings"
SET "value" = (
  SELECT coalesce(jsonb_agg(d.item ORDER BY d.n), '[]'::jsonb)
  FROM (VALUES
    (1, '{"title":"Membership","path":"/membership","section":"footer","isOpenNewTab":false,"ordering":-3}'::jsonb),
    (2, '{"title":"Posts","path":"/posts","section":"footer","isOpenNewTab":false,"ordering":-2}'::jsonb),
    (3, '{"title":"Contact","path":"/contact","section":"footer","isOpenNewTab":false,"ordering":-1}'::jsonb)
  ) AS d(n, item)
  WHERE NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements("settings"."value") AS m(entry)
    WHERE m.entry->>'section' = 'footer' AND m.entry->>'path' = d.item->>'path'
  )
) || "value", "updated_at" = now()
WHERE "key" = 'menus' AND jsonb_typeof("value") = 'array' AND jsonb_array_length("value") <= 47;
