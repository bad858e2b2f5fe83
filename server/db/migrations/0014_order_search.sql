ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(topic || ' ' || subject, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёABCDEFGHIJKLMNOPQRSTUVWXYZ', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяеabcdefghijklmnopqrstuvwxyz')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_deadline_idx" ON "orders" USING btree ("user_id","deadline","id");--> statement-breakpoint
CREATE INDEX "orders_user_updated_idx" ON "orders" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_price_idx" ON "orders" USING btree ("user_id","price","id");