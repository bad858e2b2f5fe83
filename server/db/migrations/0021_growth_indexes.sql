-- Reads whose cost grew with the table instead of the customer's rows (docs/scaling.md "Data growth"):
--   the search's trigram index gets user_id as its first column (btree_gin), so a scan reads one customer's entries;
--   the staff funnel reads the orders and paid payments of its days, and each payer's earlier ones, through indexes;
--   the hourly jobs prune finds the finished jobs it deletes through an index.
-- The migrations run in one transaction, where CREATE INDEX CONCURRENTLY cannot run. On a big database an operator
-- creates these indexes CONCURRENTLY before the upgrade (docs/operations.md "Upgrading a big database"); each index
-- below is then found valid and skipped without touching its table (CREATE INDEX IF NOT EXISTS would take the
-- table's write-blocking SHARE lock before finding the index, and hold it to the upgrade's end). An invalid one
-- (a CONCURRENTLY build that failed) is dropped and built here.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('orders_user_search_trgm_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "orders_user_search_trgm_idx";
    CREATE INDEX "orders_user_search_trgm_idx" ON "orders" USING gin ("user_id","search_text" gin_trgm_ops);
  END IF;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_trgm_idx";--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('orders_created_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "orders_created_idx";
    CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('payments_paid_completed_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "payments_paid_completed_idx";
    CREATE INDEX "payments_paid_completed_idx" ON "payments" USING btree ("completed_at") WHERE "payments"."status" = 'paid';
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('payments_user_paid_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "payments_user_paid_idx";
    CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","completed_at","id") WHERE "payments"."status" = 'paid';
  END IF;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('jobs_finished_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "jobs_finished_idx";
    CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" in ('done', 'failed');
  END IF;
END $$;
