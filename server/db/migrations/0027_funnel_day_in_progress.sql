-- The staff funnel's day in progress rolled up to minutes ago (docs/scaling.md "The staff funnel flat at size"): a
-- report then credits from the firsts only those minutes', not the whole day's. funnel_rolled.until marks how far the
-- day after `through` is in funnel_days; a first order repriced after that moment is not in the rolled sums yet, so
-- the reprice trigger moves only the sums of firsts before it.
--
-- Locks: funnel_rolled (one row) against writes for an instant; the function is replaced in place (the trigger on
-- orders keeps pointing at it), no big table is touched.
ALTER TABLE "funnel_rolled" ADD COLUMN "until" timestamp with time zone;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "funnel_days_reprice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN customer_firsts f ON f.user_id = n.user_id AND f.first_order_id = n.id
    WHERE n.price <> o.price
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(220002, 1);
  UPDATE funnel_days d SET first_orders_sum = d.first_orders_sum + c.delta
  FROM (
    SELECT (f.first_order_at AT TIME ZONE 'UTC')::date AS day, t.touch,
      CASE WHEN t.touch = 'last' THEN coalesce(oo.source, co.source, '') ELSE coalesce(co.source, '') END AS source,
      CASE WHEN t.touch = 'last' THEN coalesce(oo.campaign, co.campaign, '') ELSE coalesce(co.campaign, '') END
        AS campaign,
      CASE WHEN t.touch = 'last' THEN coalesce(oo.partner, co.partner, '') ELSE coalesce(co.partner, '') END AS partner,
      sum(n.price - o.price) AS delta
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN customer_firsts f ON f.user_id = n.user_id AND f.first_order_id = n.id
    LEFT JOIN customer_origins co ON co.user_id = n.user_id
    LEFT JOIN order_origins oo ON oo.order_id = n.id
    CROSS JOIN (VALUES ('first'), ('last')) AS t(touch)
    -- Rolled: before the end of the whole days, or before `until` on the day after them.
    CROSS JOIN funnel_rolled r
    WHERE n.price <> o.price
      AND f.first_order_at < greatest(r.until, ((r.through + 1)::timestamp AT TIME ZONE 'UTC'))
    GROUP BY 1, 2, 3, 4, 5
  ) c
  WHERE d.day = c.day AND d.touch = c.touch AND d.source = c.source AND d.campaign = c.campaign
    AND d.partner = c.partner;
  RETURN NULL;
END $$;
