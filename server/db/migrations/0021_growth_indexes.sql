-- Reads whose cost grew with the table instead of the customer's rows (docs/scaling.md "Data growth"):
--   the search's trigram index gets user_id as its first column (btree_gin), so a scan reads one customer's entries;
--   the staff funnel reads the orders and paid payments of its days, and each payer's earlier ones, through indexes;
--   the hourly jobs prune finds the finished jobs it deletes through an index.
-- The migrations run in one transaction, where CREATE INDEX CONCURRENTLY cannot run. On a big database an operator
-- creates these indexes CONCURRENTLY before the upgrade (docs/scaling.md); IF NOT EXISTS makes these no-ops then.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_search_trgm_idx" ON "orders" USING gin ("user_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_completed_idx" ON "payments" USING btree ("completed_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_user_paid_idx" ON "payments" USING btree ("user_id","completed_at","id") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" in ('done', 'failed');
