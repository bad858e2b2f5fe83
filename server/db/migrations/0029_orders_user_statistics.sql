-- A customer's search (server/domain/orders: user_id = $1 and search_text like $2) has two plans: its own rows through
-- orders_user_tab_idx, or orders_user_search_trgm_idx, whose trigram lists span every customer's orders. The planner
-- picks by how many orders it expects a customer to have, from user_id's number of distinct values. At the default
-- sample (30 000 rows) that number comes out at ~46 000 for 1 000 000 customers with 10 000 000 orders, so it expects
-- ~210 orders of anyone, and a customer with 3 orders had her search read ~360 pages of trigram lists (2.5 ms)
-- instead of her own 3 rows (0.1 ms). A sample of 300 000 rows puts the customers with hundreds of orders in the most common
-- values (the trigram index for them) and the others near their own count (docs/scaling.md "What grew with the
-- table, and the fix"). Neither statement blocks writes (SHARE UPDATE EXCLUSIVE); the ANALYZE samples, it does not
-- read the table whole (3 s at 10 000 000 orders).
ALTER TABLE "orders" ALTER COLUMN "user_id" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "orders" ("user_id");
