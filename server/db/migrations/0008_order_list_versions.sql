CREATE TABLE "order_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_list_versions" ADD CONSTRAINT "order_list_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that writes orders or chat messages gives each customer it touched a fresh stamp. A sequence,
-- not a counter per row, so a stamp is never reused, even after a customer's row is deleted and the id returns.
CREATE SEQUENCE "order_list_version_seq";
--> statement-breakpoint
CREATE FUNCTION "bump_order_list_versions"(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_list_versions (user_id, version)
  SELECT d.u, nextval('order_list_version_seq')
  FROM (SELECT DISTINCT u FROM unnest(user_ids) AS u WHERE EXISTS (SELECT 1 FROM users WHERE users.id = u)) AS d
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
CREATE FUNCTION "order_list_touch_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_order_list_versions(ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_order_list_versions(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_order_list_versions(ARRAY(SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_list_touch_chat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_order_list_versions(ARRAY(SELECT o.user_id FROM new_rows m JOIN orders o ON o.id = m.order_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_order_list_versions(ARRAY(
      SELECT o.user_id FROM new_rows m JOIN orders o ON o.id = m.order_id
      UNION SELECT o.user_id FROM old_rows m JOIN orders o ON o.id = m.order_id));
  ELSE
    PERFORM bump_order_list_versions(ARRAY(SELECT o.user_id FROM old_rows m JOIN orders o ON o.id = m.order_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_list_version_ins" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_list_version_upd" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_list_version_del" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_orders();
--> statement-breakpoint
CREATE TRIGGER "chat_list_version_ins" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_chat();
--> statement-breakpoint
CREATE TRIGGER "chat_list_version_upd" AFTER UPDATE ON "chat_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_chat();
--> statement-breakpoint
CREATE TRIGGER "chat_list_version_del" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_touch_chat();
