-- The dashboard's earliest running guarantee of one customer (server/domain/orders/read-model.ts) read through the
-- index of every customer's running guarantees, filtered by customer, when the planner chose it (docs/scaling.md
-- "Data growth"): this one holds the customer first, so the read is one probe of the customer's entries.
-- Built CONCURRENTLY by the operator before the upgrade on a big database (docs/operations.md "Upgrading a big
-- database"); found valid here and skipped without touching orders, else (a small database, an invalid build) built.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('orders_user_guarantee_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "orders_user_guarantee_idx";
    CREATE INDEX "orders_user_guarantee_idx" ON "orders" USING btree ("user_id","guarantee_until") WHERE "orders"."status_id" = 5;
  END IF;
END $$;
