CREATE TABLE "customer_origins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"landing" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"partner" text DEFAULT '' NOT NULL,
	"touched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_origins" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"landing" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"partner" text DEFAULT '' NOT NULL,
	"touched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_days_day_kind_name_referrer_pk" PRIMARY KEY("day","kind","name","referrer")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "customer_origins" ADD CONSTRAINT "customer_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_origins" ADD CONSTRAINT "order_origins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_origins_touched_idx" ON "customer_origins" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "order_origins_touched_idx" ON "order_origins" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_id") WHERE "page_views"."user_id" is not null;