CREATE TABLE "callback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birthday" date,
	"sex" text,
	"education_id" integer,
	"university" text DEFAULT '' NOT NULL,
	"course" integer,
	"group_header" text DEFAULT '' NOT NULL,
	"training_form_id" integer,
	"is_telegram_contact" boolean DEFAULT false NOT NULL,
	"is_viber_contact" boolean DEFAULT false NOT NULL,
	"is_whatsapp_contact" boolean DEFAULT false NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"diplom_hp_popup" boolean DEFAULT false NOT NULL,
	"sms_delivery" boolean DEFAULT true NOT NULL,
	"email_delivery" boolean DEFAULT true NOT NULL,
	"popup_dismissed_at" timestamp with time zone,
	"session_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_course_range" CHECK ("profiles"."course" is null or "profiles"."course" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_requests_user_idx" ON "callback_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_change_requests_token_idx" ON "email_change_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_change_requests_user_idx" ON "email_change_requests" USING btree ("user_id","created_at");