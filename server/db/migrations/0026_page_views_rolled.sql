-- The page-view roll-up in bounded passes (docs/analytics.md "The daily roll-up"): a watermark of how far the raw rows
-- are counted, so that a pass adds a batch of rows after it instead of every whole day not rolled yet. Until now the
-- roll-up held whole days only: the watermark starts at the midnight after the last one.
--
-- Locks: a new one-row table; page_view_days is only read.
CREATE TABLE "page_views_rolled" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "page_views_rolled" ("id", "through")
SELECT true, ((max("day") + 1)::timestamp AT TIME ZONE 'UTC') FROM "page_view_days";
