CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"percent" integer,
	"amount" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent" is null) <> ("promo_codes"."amount" is null)),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" is null or "promo_codes"."percent" between 1 and 100),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount" is null or "promo_codes"."amount" > 0),
	CONSTRAINT "promo_codes_dates" CHECK ("promo_codes"."valid_until" is null or "promo_codes"."valid_until" > "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_usage" CHECK ("promo_codes"."used_count" >= 0 and ("promo_codes"."usage_limit" is null or "promo_codes"."used_count" <= "promo_codes"."usage_limit"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
-- The codes of the former fixed list (contract/orders.ts PROMO_CODES) become rows, unlimited and open-ended, so orders priced with them keep their discount on a later edit.
INSERT INTO "promo_codes" ("code", "title", "percent", "amount", "valid_from") VALUES
	('STUDENT10', 'Скидка студента 10 %', 10, NULL, '2020-01-01T00:00:00Z'),
	('SESSION15', 'Сессия без стресса: 15 %', 15, NULL, '2020-01-01T00:00:00Z'),
	('WELCOME500', '500 ₽ на первый заказ', NULL, 500, '2020-01-01T00:00:00Z');
--> statement-breakpoint
UPDATE "promo_codes" SET "used_count" = (SELECT count(*) FROM "orders" WHERE upper("orders"."extra"->'pricing'->>'promo_code') = "promo_codes"."code");
