-- The idempotency keys' clean-up (idempotency.prune, server/domain/idempotency.ts) deletes the oldest keys past their
-- keeping, a bounded batch a pass: this index gives it them in order, so a pass reads its batch, not the table
-- (docs/scaling.md "Recurring jobs at size").
-- Built CONCURRENTLY by the operator before the upgrade on a big database (docs/operations.md "Upgrading a big
-- database"); found valid here and skipped without touching idempotency_keys, else (a small database, an invalid
-- build) built.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('idempotency_keys_created_idx') AND indisvalid) THEN
    DROP INDEX IF EXISTS "idempotency_keys_created_idx";
    CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
  END IF;
END $$;
