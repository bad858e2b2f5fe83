-- The staff funnel's drill-down into one source (server/domain/funnel-days.ts funnelSql) reads that source's days in
-- one range of this index, with the counts in it: an index-only scan of its own rows. Through the primary key (day
-- first) it read every source's rows of the range and fetched each of its own from the table, so it grew with the
-- service's volume (docs/scaling.md "The staff funnel flat at size").
-- Built CONCURRENTLY by the operator before the upgrade on a big database (docs/operations.md "Upgrading a big
-- database"); found valid here and skipped without touching funnel_days, else (a small database, an invalid build)
-- built.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('funnel_days_source_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "funnel_days_source_idx";
    CREATE INDEX "funnel_days_source_idx" ON "funnel_days" USING btree ("touch","source","day","campaign","partner","signups","first_orders","first_orders_sum","first_payments","first_payments_sum");
  END IF;
END $$;
