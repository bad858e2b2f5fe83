CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"is_trash" boolean DEFAULT false NOT NULL,
	"work_type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"topic" text NOT NULL,
	"pages" integer DEFAULT 1 NOT NULL,
	"originality" integer DEFAULT 60 NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"guarantee_until" timestamp with time zone,
	"files_without_qc" boolean DEFAULT false NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","is_trash","status_id","id");