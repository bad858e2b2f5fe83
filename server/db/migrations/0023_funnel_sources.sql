-- The staff funnel by source (docs/scaling.md "The staff funnel flat at size"): funnel_days summed per day, touch
-- model and source, kept equal to it by a statement trigger on funnel_days (the roll-up's upserts, a first order's
-- repricing, a re-roll's deletes). Its rows per day are bounded by the sources, so the report's first level costs the
-- same whatever the number of customers, campaigns and partners.
--
-- Locks: the triggers lock funnel_days (a small table, written by the hourly roll-up) against writes first, so the
-- fill that follows reads it as the triggers will keep it; no big table is touched.
CREATE TABLE "funnel_source_days" (
	"day" date NOT NULL,
	"touch" text NOT NULL,
	"source" text NOT NULL,
	"signups" integer NOT NULL,
	"first_orders" integer NOT NULL,
	"first_orders_sum" bigint NOT NULL,
	"first_payments" integer NOT NULL,
	"first_payments_sum" bigint NOT NULL,
	CONSTRAINT "funnel_source_days_day_touch_source_pk" PRIMARY KEY("day","touch","source")
);
--> statement-breakpoint
-- The change a statement made to funnel_days, summed per source and added; a source whose counts come to nothing
-- (its day deleted, to be rolled again) loses its row.
CREATE FUNCTION "funnel_source_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  INSERT INTO funnel_source_days AS s (day, touch, source, signups, first_orders, first_orders_sum, first_payments, first_payments_sum)
  SELECT day, touch, source, sum(signups), sum(first_orders), sum(first_orders_sum), sum(first_payments),
    sum(first_payments_sum)
  FROM (SELECT day, touch, source, signups, first_orders, first_orders_sum, first_payments, first_payments_sum FROM new_rows) d GROUP BY day, touch, source
  ON CONFLICT (day, touch, source) DO UPDATE SET signups = s.signups + excluded.signups,
    first_orders = s.first_orders + excluded.first_orders,
    first_orders_sum = s.first_orders_sum + excluded.first_orders_sum,
    first_payments = s.first_payments + excluded.first_payments,
    first_payments_sum = s.first_payments_sum + excluded.first_payments_sum;
  ELSIF TG_OP = 'UPDATE' THEN
  INSERT INTO funnel_source_days AS s (day, touch, source, signups, first_orders, first_orders_sum, first_payments, first_payments_sum)
  SELECT day, touch, source, sum(signups), sum(first_orders), sum(first_orders_sum), sum(first_payments),
    sum(first_payments_sum)
  FROM (SELECT day, touch, source, signups, first_orders, first_orders_sum, first_payments, first_payments_sum FROM new_rows UNION ALL SELECT day, touch, source, -signups AS signups, -first_orders AS first_orders,
    -first_orders_sum AS first_orders_sum, -first_payments AS first_payments, -first_payments_sum AS first_payments_sum
    FROM old_rows) d GROUP BY day, touch, source
  ON CONFLICT (day, touch, source) DO UPDATE SET signups = s.signups + excluded.signups,
    first_orders = s.first_orders + excluded.first_orders,
    first_orders_sum = s.first_orders_sum + excluded.first_orders_sum,
    first_payments = s.first_payments + excluded.first_payments,
    first_payments_sum = s.first_payments_sum + excluded.first_payments_sum;
  DELETE FROM funnel_source_days s USING (SELECT DISTINCT day, touch, source FROM old_rows) o
  WHERE s.day = o.day AND s.touch = o.touch AND s.source = o.source
    AND s.signups = 0 AND s.first_orders = 0 AND s.first_payments = 0;
  ELSE
  INSERT INTO funnel_source_days AS s (day, touch, source, signups, first_orders, first_orders_sum, first_payments, first_payments_sum)
  SELECT day, touch, source, sum(signups), sum(first_orders), sum(first_orders_sum), sum(first_payments),
    sum(first_payments_sum)
  FROM (SELECT day, touch, source, -signups AS signups, -first_orders AS first_orders,
    -first_orders_sum AS first_orders_sum, -first_payments AS first_payments, -first_payments_sum AS first_payments_sum
    FROM old_rows) d GROUP BY day, touch, source
  ON CONFLICT (day, touch, source) DO UPDATE SET signups = s.signups + excluded.signups,
    first_orders = s.first_orders + excluded.first_orders,
    first_orders_sum = s.first_orders_sum + excluded.first_orders_sum,
    first_payments = s.first_payments + excluded.first_payments,
    first_payments_sum = s.first_payments_sum + excluded.first_payments_sum;
  DELETE FROM funnel_source_days s USING (SELECT DISTINCT day, touch, source FROM old_rows) o
  WHERE s.day = o.day AND s.touch = o.touch AND s.source = o.source
    AND s.signups = 0 AND s.first_orders = 0 AND s.first_payments = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "funnel_days_sources_ins" AFTER INSERT ON "funnel_days" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funnel_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "funnel_days_sources_upd" AFTER UPDATE ON "funnel_days"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funnel_source_days_sync();--> statement-breakpoint
CREATE TRIGGER "funnel_days_sources_del" AFTER DELETE ON "funnel_days" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funnel_source_days_sync();--> statement-breakpoint
INSERT INTO "funnel_source_days" ("day", "touch", "source", "signups", "first_orders", "first_orders_sum",
  "first_payments", "first_payments_sum")
SELECT "day", "touch", "source", sum("signups"), sum("first_orders"), sum("first_orders_sum"), sum("first_payments"),
  sum("first_payments_sum")
FROM "funnel_days" GROUP BY "day", "touch", "source";
