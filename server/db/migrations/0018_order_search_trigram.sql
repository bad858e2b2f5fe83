-- pg_trgm ships with PostgreSQL (contrib, a trusted extension) and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
