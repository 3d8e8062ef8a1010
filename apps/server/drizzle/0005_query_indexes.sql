CREATE TABLE "beat_stats" (
	"beat_id" uuid PRIMARY KEY NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "purchases_user_idx";--> statement-breakpoint
DROP INDEX "purchases_purchased_at_idx";--> statement-breakpoint
ALTER TABLE "beat_stats" ADD CONSTRAINT "beat_stats_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beat_stats_favourites_asc_idx" ON "beat_stats" USING btree ("favourites","beat_id");--> statement-breakpoint
CREATE INDEX "beat_stats_favourites_desc_idx" ON "beat_stats" USING btree ("favourites" DESC NULLS FIRST,"beat_id");--> statement-breakpoint
CREATE INDEX "beat_stats_sales_asc_idx" ON "beat_stats" USING btree ("sales","beat_id");--> statement-breakpoint
CREATE INDEX "beat_stats_sales_desc_idx" ON "beat_stats" USING btree ("sales" DESC NULLS FIRST,"beat_id");--> statement-breakpoint
CREATE INDEX "beat_stats_revenue_asc_idx" ON "beat_stats" USING btree ("revenue_cents","beat_id");--> statement-breakpoint
CREATE INDEX "beat_stats_revenue_desc_idx" ON "beat_stats" USING btree ("revenue_cents" DESC NULLS FIRST,"beat_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "beats_listed_newest_idx" ON "beats" USING btree ("release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "beats"."published" and "beats"."sold_at" is null and "beats"."preview_key" is not null;--> statement-breakpoint
CREATE INDEX "beats_admin_newest_idx" ON "beats" USING btree ("created_at" DESC NULLS FIRST,"release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "beats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "beats_admin_type_newest_idx" ON "beats" USING btree ("beat_type","created_at" DESC NULLS FIRST,"release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "beats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "beats_title_trgm_idx" ON "beats" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "beats_title_asc_idx" ON "beats" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "beats_title_desc_idx" ON "beats" USING btree (lower("title") desc,"id");--> statement-breakpoint
CREATE INDEX "beats_plays_asc_idx" ON "beats" USING btree ("play_count","id");--> statement-breakpoint
CREATE INDEX "beats_plays_desc_idx" ON "beats" USING btree ("play_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "beats_countdown_idx" ON "beats" USING btree ("countdown_end_time") WHERE "beats"."beat_type" = 'Exclusive' and "beats"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "checkout_items_beat_idx" ON "checkout_items" USING btree ("beat_id");--> statement-breakpoint
CREATE INDEX "credit_spends_user_idx" ON "credit_spends" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "credit_spends_beat_idx" ON "credit_spends" USING btree ("beat_id");--> statement-breakpoint
CREATE INDEX "downloads_user_idx" ON "downloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "entitlements_purchase_idx" ON "entitlements" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "favorites_created_idx" ON "favorites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_finished_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is not null or "mail_outbox"."error" is not null;--> statement-breakpoint
CREATE INDEX "otp_codes_expires_idx" ON "otp_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_codes_used_idx" ON "otp_codes" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "plays_user_idx" ON "plays" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchases_sales_by_day_idx" ON "purchases" USING btree ("purchased_at","session_type","price_cents") WHERE "purchases"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_checkout_idx" ON "purchases" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "purchases_buyer_name_trgm_idx" ON "purchases" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_buyer_email_trgm_idx" ON "purchases" USING gin ("buyer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_title_trgm_idx" ON "purchases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_checkout_idx" ON "refunds" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "reset_tokens_user_idx" ON "reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reset_tokens_expires_idx" ON "reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reset_tokens_used_idx" ON "reset_tokens" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "session_logs_user_idx" ON "session_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","purchased_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchases_purchased_at_idx" ON "purchases" USING btree ("purchased_at","id");
--> statement-breakpoint
-- Per-beat totals (docs/decisions/0015-query-plans.md): a row per beat, kept by triggers in the writer's own
-- transaction, so no write path can forget them. Sales and revenue count purchases that are not refunded.
CREATE FUNCTION beat_stats_add_beats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO beat_stats (beat_id) SELECT id FROM beat_stats_new_beats ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beats_beat_stats_trg AFTER INSERT ON beats
  REFERENCING NEW TABLE AS beat_stats_new_beats
  FOR EACH STATEMENT EXECUTE FUNCTION beat_stats_add_beats();
--> statement-breakpoint
CREATE FUNCTION beat_stats_count_favourite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE beat_stats SET favourites = favourites - 1 WHERE beat_id = OLD.beat_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE beat_stats SET favourites = favourites + 1 WHERE beat_id = NEW.beat_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER favorites_beat_stats_trg AFTER INSERT OR DELETE OR UPDATE OF beat_id ON favorites
  FOR EACH ROW EXECUTE FUNCTION beat_stats_count_favourite();
--> statement-breakpoint
CREATE FUNCTION beat_stats_count_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.beat_id IS NOT NULL AND OLD.refunded_at IS NULL THEN
    UPDATE beat_stats SET sales = sales - 1, revenue_cents = revenue_cents - OLD.price_cents WHERE beat_id = OLD.beat_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.beat_id IS NOT NULL AND NEW.refunded_at IS NULL THEN
    UPDATE beat_stats SET sales = sales + 1, revenue_cents = revenue_cents + NEW.price_cents WHERE beat_id = NEW.beat_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_beat_stats_trg AFTER INSERT OR DELETE OR UPDATE OF beat_id, refunded_at, price_cents ON purchases
  FOR EACH ROW EXECUTE FUNCTION beat_stats_count_sale();
--> statement-breakpoint
INSERT INTO beat_stats (beat_id, favourites, sales, revenue_cents)
SELECT b.id, coalesce(f.n, 0), coalesce(s.n, 0), coalesce(s.cents, 0)
FROM beats b
LEFT JOIN (SELECT beat_id, count(*) AS n FROM favorites GROUP BY beat_id) f ON f.beat_id = b.id
LEFT JOIN (SELECT beat_id, count(*) AS n, sum(price_cents) AS cents FROM purchases WHERE refunded_at IS NULL GROUP BY beat_id) s ON s.beat_id = b.id;
--> statement-breakpoint
ANALYZE beat_stats;
