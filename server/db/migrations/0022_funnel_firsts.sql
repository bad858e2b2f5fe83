-- The staff funnel flat as the service grows (docs/scaling.md "The staff funnel"): each customer's first order and
-- first paid payment are kept as they happen (customer_firsts, by triggers in the writing transaction), and the
-- roll-up job keeps the funnel's counts per UTC day (funnel_days). The funnel then reads a row per day and source
-- for the rolled days, and the firsts of the days after them.
--
-- Locks (the migrations run in one transaction, so every lock taken is held to its end): the backfill only reads
-- orders and payments; the statements that lock a big table against writes (the triggers on orders and payments,
-- the foreign key to users) come last, after the backfill, and what follows them reads an index range only.
CREATE TABLE "customer_firsts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_order_id" integer,
	"first_order_at" timestamp with time zone,
	"first_payment_id" integer,
	"first_payment_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funnel_days" (
	"day" date NOT NULL,
	"touch" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"partner" text NOT NULL,
	"signups" integer NOT NULL,
	"first_orders" integer NOT NULL,
	"first_orders_sum" bigint NOT NULL,
	"first_payments" integer NOT NULL,
	"first_payments_sum" bigint NOT NULL,
	CONSTRAINT "funnel_days_day_touch_source_campaign_partner_pk" PRIMARY KEY("day","touch","source","campaign","partner")
);
--> statement-breakpoint
CREATE TABLE "funnel_rolled" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"since" date,
	"through" date
);
--> statement-breakpoint
CREATE INDEX "customer_firsts_order_at_idx" ON "customer_firsts" USING btree ("first_order_at") WHERE "customer_firsts"."first_order_at" is not null;--> statement-breakpoint
CREATE INDEX "customer_firsts_payment_at_idx" ON "customer_firsts" USING btree ("first_payment_at") WHERE "customer_firsts"."first_payment_at" is not null;--> statement-breakpoint
INSERT INTO "funnel_rolled" ("id", "since", "through") VALUES (true, NULL, NULL);--> statement-breakpoint
-- The backfill: reads only (orders_user_id_idx and payments_user_paid_idx in order), writes the new table.
INSERT INTO "customer_firsts" ("user_id", "first_order_id", "first_order_at")
SELECT DISTINCT ON ("user_id") "user_id", "id", "created_at" FROM "orders" ORDER BY "user_id", "id";--> statement-breakpoint
INSERT INTO "customer_firsts" AS f ("user_id", "first_payment_id", "first_payment_at")
SELECT DISTINCT ON ("user_id") "user_id", "id", "completed_at" FROM "payments"
WHERE "status" = 'paid' AND "completed_at" IS NOT NULL ORDER BY "user_id", "completed_at", "id"
ON CONFLICT ("user_id") DO UPDATE SET "first_payment_id" = excluded."first_payment_id",
  "first_payment_at" = excluded."first_payment_at";--> statement-breakpoint
-- A customer's first order: the lowest id; an insert only replaces a higher one (two orders made at once by one
-- customer: the second insert waits for the first one's row and compares).
CREATE FUNCTION "customer_firsts_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_firsts AS f (user_id, first_order_id, first_order_at)
  SELECT DISTINCT ON (user_id) user_id, id, created_at FROM new_rows ORDER BY user_id, id
  ON CONFLICT (user_id) DO UPDATE SET first_order_id = excluded.first_order_id, first_order_at = excluded.first_order_at
  WHERE f.first_order_id IS NULL OR f.first_order_id > excluded.first_order_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A customer's first paid payment: the earliest completion, then the lowest id (a payment turns paid once).
CREATE FUNCTION "customer_firsts_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_firsts AS f (user_id, first_payment_id, first_payment_at)
  SELECT DISTINCT ON (user_id) user_id, id, completed_at FROM new_rows
  WHERE status = 'paid' AND completed_at IS NOT NULL ORDER BY user_id, completed_at, id
  ON CONFLICT (user_id) DO UPDATE SET first_payment_id = excluded.first_payment_id,
    first_payment_at = excluded.first_payment_at
  WHERE f.first_payment_id IS NULL
    OR (f.first_payment_at, f.first_payment_id) > (excluded.first_payment_at, excluded.first_payment_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A first order priced (or repriced) after its day was rolled up moves that day's sums by the difference. The shared
-- advisory lock orders this against the roll-up, which holds it exclusively (server/domain/funnel-days.ts): a day
-- is either rolled with the new price or found rolled and moved.
CREATE FUNCTION "funnel_days_reprice"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE n.price <> o.price
    GROUP BY 1, 2, 3, 4, 5
  ) c
  WHERE d.day = c.day AND d.touch = c.touch AND d.source = c.source AND d.campaign = c.campaign
    AND d.partner = c.partner;
  RETURN NULL;
END $$;--> statement-breakpoint
-- From here orders and payments are locked against writes until the commit.
CREATE TRIGGER "orders_customer_firsts" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_firsts_orders();--> statement-breakpoint
CREATE TRIGGER "orders_funnel_reprice" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funnel_days_reprice();--> statement-breakpoint
CREATE TRIGGER "payments_customer_firsts_ins" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_firsts_payments();--> statement-breakpoint
CREATE TRIGGER "payments_customer_firsts_upd" AFTER UPDATE ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_firsts_payments();--> statement-breakpoint
-- What was written between the backfill's snapshot and the triggers (a write lasts seconds; the window is the
-- transaction's start less 10 minutes): an index range of orders_created_idx and payments_paid_completed_idx.
INSERT INTO "customer_firsts" AS f ("user_id", "first_order_id", "first_order_at")
SELECT DISTINCT ON ("user_id") "user_id", "id", "created_at" FROM "orders"
WHERE "created_at" >= now() - interval '10 minutes' ORDER BY "user_id", "id"
ON CONFLICT ("user_id") DO UPDATE SET "first_order_id" = excluded."first_order_id",
  "first_order_at" = excluded."first_order_at"
WHERE f."first_order_id" IS NULL OR f."first_order_id" > excluded."first_order_id";--> statement-breakpoint
INSERT INTO "customer_firsts" AS f ("user_id", "first_payment_id", "first_payment_at")
SELECT DISTINCT ON ("user_id") "user_id", "id", "completed_at" FROM "payments"
WHERE "status" = 'paid' AND "completed_at" >= now() - interval '10 minutes' ORDER BY "user_id", "completed_at", "id"
ON CONFLICT ("user_id") DO UPDATE SET "first_payment_id" = excluded."first_payment_id",
  "first_payment_at" = excluded."first_payment_at"
WHERE f."first_payment_id" IS NULL
  OR (f."first_payment_at", f."first_payment_id") > (excluded."first_payment_at", excluded."first_payment_id");--> statement-breakpoint
-- NOT VALID: adding the key checks no row (the rows come from orders and payments, whose keys to users hold), so
-- users is locked against writes for an instant, not for a scan of customer_firsts.
ALTER TABLE "customer_firsts" ADD CONSTRAINT "customer_firsts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action NOT VALID;