-- Day totals (docs/decisions/0015-query-plans.md#day-totals): what the analytics series and the admin lists'
-- totals count, kept by triggers in the writer's own transaction. Writers only ever append a row of changes (no
-- row is shared, so no writer waits for another); `compact_daily_totals()` folds each day's rows into one.
CREATE TABLE "daily_totals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"beat_purchase" integer DEFAULT 0 NOT NULL,
	"stems" integer DEFAULT 0 NOT NULL,
	"exclusive" integer DEFAULT 0 NOT NULL,
	"vip_plan" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"beats" integer DEFAULT 0 NOT NULL,
	"live_beats" integer DEFAULT 0 NOT NULL,
	"live_exclusives" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "daily_totals_day_idx" ON "daily_totals" USING btree ("day");
--> statement-breakpoint
-- One trigger function for every counted table. Its arguments say what a row adds:
--   TG_ARGV[0]  the columns of daily_totals it adds to, e.g. 'plays'
--   TG_ARGV[1]  the row's day, then its value for each of those columns, in that order
-- An insert adds the new rows, a delete takes the old ones away (one row of changes per statement and day).
CREATE FUNCTION daily_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := replace(TG_ARGV[0], ',', ', ');
  added text := 'SELECT * FROM (SELECT ' || TG_ARGV[1] || ' FROM daily_new) AS x(day, ' || columns || ')';
  removed text := 'SELECT * FROM (SELECT ' || TG_ARGV[1] || ' FROM daily_old) AS x(day, ' || columns || ')';
  signed text;
  sums text;
BEGIN
  SELECT string_agg(format('sum(c.sign * c.%I)', name), ', ') INTO sums FROM unnest(string_to_array(TG_ARGV[0], ',')) AS name;
  signed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT *, 1 AS sign FROM (%s) a', added)
    ELSE format('SELECT *, -1 AS sign FROM (%s) r', removed)
  END;
  EXECUTE format('INSERT INTO daily_totals (day, %s) SELECT c.day, %s FROM (%s) c GROUP BY c.day', columns, sums, signed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Folds each day's rows into one. Rows appended meanwhile are not seen by the delete and stay: totals stay exact.
CREATE FUNCTION compact_daily_totals() RETURNS integer LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM daily_totals WHERE day IN (SELECT day FROM daily_totals GROUP BY day HAVING count(*) > 1)
    RETURNING *
  ), folded AS (
    INSERT INTO daily_totals (day, revenue_cents, beat_purchase, stems, exclusive, vip_plan, purchases, new_users, beats, live_beats,
      live_exclusives, plays, downloads, credits_spent, favourites, sessions, session_seconds)
    SELECT day, sum(revenue_cents), sum(beat_purchase), sum(stems), sum(exclusive), sum(vip_plan), sum(purchases), sum(new_users), sum(beats),
      sum(live_beats), sum(live_exclusives), sum(plays), sum(downloads), sum(credits_spent), sum(favourites), sum(sessions), sum(session_seconds)
    FROM gone GROUP BY day
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone)::integer - (SELECT count(*) FROM folded)::integer
$$;
--> statement-breakpoint
-- Sales and revenue count purchases that are not refunded, on the day they were bought; `purchases` counts every
-- row of the ledger (refunded ones stay in it).
CREATE TRIGGER purchases_daily_insert_trg AFTER INSERT ON purchases REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track(
    'revenue_cents,beat_purchase,stems,exclusive,vip_plan,purchases',
    '(purchased_at AT TIME ZONE ''UTC'')::date, CASE WHEN refunded_at IS NULL THEN price_cents ELSE 0 END, (refunded_at IS NULL AND session_type = ''beatPurchase'')::int, (refunded_at IS NULL AND session_type = ''stems'')::int, (refunded_at IS NULL AND session_type = ''exclusive'')::int, (refunded_at IS NULL AND session_type = ''vipPlan'')::int, 1');
--> statement-breakpoint
CREATE TRIGGER purchases_daily_delete_trg AFTER DELETE ON purchases REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track(
    'revenue_cents,beat_purchase,stems,exclusive,vip_plan,purchases',
    '(purchased_at AT TIME ZONE ''UTC'')::date, CASE WHEN refunded_at IS NULL THEN price_cents ELSE 0 END, (refunded_at IS NULL AND session_type = ''beatPurchase'')::int, (refunded_at IS NULL AND session_type = ''stems'')::int, (refunded_at IS NULL AND session_type = ''exclusive'')::int, (refunded_at IS NULL AND session_type = ''vipPlan'')::int, 1');
--> statement-breakpoint
-- Beats by the day they were added: all of them (the per-beat table), those not deleted (beats management) and
-- the exclusives among those.
CREATE TRIGGER beats_daily_insert_trg AFTER INSERT ON beats REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('beats,live_beats,live_exclusives',
    '(created_at AT TIME ZONE ''UTC'')::date, 1, (deleted_at IS NULL)::int, (deleted_at IS NULL AND beat_type = ''Exclusive'')::int');
--> statement-breakpoint
CREATE TRIGGER beats_daily_delete_trg AFTER DELETE ON beats REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('beats,live_beats,live_exclusives',
    '(created_at AT TIME ZONE ''UTC'')::date, 1, (deleted_at IS NULL)::int, (deleted_at IS NULL AND beat_type = ''Exclusive'')::int');
--> statement-breakpoint
CREATE TRIGGER users_daily_insert_trg AFTER INSERT ON users REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('new_users', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER users_daily_delete_trg AFTER DELETE ON users REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('new_users', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER plays_daily_insert_trg AFTER INSERT ON plays REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('plays', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER plays_daily_delete_trg AFTER DELETE ON plays REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('plays', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER downloads_daily_insert_trg AFTER INSERT ON downloads REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('downloads', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER downloads_daily_delete_trg AFTER DELETE ON downloads REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('downloads', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER credit_spends_daily_insert_trg AFTER INSERT ON credit_spends REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('credits_spent', '(created_at AT TIME ZONE ''UTC'')::date, credits');
--> statement-breakpoint
CREATE TRIGGER credit_spends_daily_delete_trg AFTER DELETE ON credit_spends REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('credits_spent', '(created_at AT TIME ZONE ''UTC'')::date, credits');
--> statement-breakpoint
CREATE TRIGGER favorites_daily_insert_trg AFTER INSERT ON favorites REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('favourites', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER favorites_daily_delete_trg AFTER DELETE ON favorites REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('favourites', '(created_at AT TIME ZONE ''UTC'')::date, 1');
--> statement-breakpoint
CREATE TRIGGER session_logs_daily_insert_trg AFTER INSERT ON session_logs REFERENCING NEW TABLE AS daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('sessions,session_seconds', '(created_at AT TIME ZONE ''UTC'')::date, 1, seconds');
--> statement-breakpoint
CREATE TRIGGER session_logs_daily_delete_trg AFTER DELETE ON session_logs REFERENCING OLD TABLE AS daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_track('sessions,session_seconds', '(created_at AT TIME ZONE ''UTC'')::date, 1, seconds');
--> statement-breakpoint
-- Updates that move a row between totals (a refund, a price or kind corrected, a beat deleted or turned
-- Non-Exclusive) take its old contribution away and add the new one. The WHEN clause keeps every other update
-- (a play count, a login) free of any trigger work.
CREATE FUNCTION daily_totals_purchase_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals (day, revenue_cents, beat_purchase, stems, exclusive, vip_plan)
  SELECT c.day, sum(c.sign * c.cents), sum(c.sign * (c.type = 'beatPurchase')::int), sum(c.sign * (c.type = 'stems')::int),
    sum(c.sign * (c.type = 'exclusive')::int), sum(c.sign * (c.type = 'vipPlan')::int)
  FROM (
    SELECT (OLD.purchased_at AT TIME ZONE 'UTC')::date AS day, -1 AS sign, OLD.price_cents AS cents, OLD.session_type AS type WHERE OLD.refunded_at IS NULL
    UNION ALL
    SELECT (NEW.purchased_at AT TIME ZONE 'UTC')::date, 1, NEW.price_cents, NEW.session_type WHERE NEW.refunded_at IS NULL
  ) c GROUP BY c.day;
  IF (OLD.purchased_at AT TIME ZONE 'UTC')::date <> (NEW.purchased_at AT TIME ZONE 'UTC')::date THEN
    INSERT INTO daily_totals (day, purchases) VALUES ((OLD.purchased_at AT TIME ZONE 'UTC')::date, -1), ((NEW.purchased_at AT TIME ZONE 'UTC')::date, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_daily_update_trg AFTER UPDATE OF purchased_at, refunded_at, price_cents, session_type ON purchases
  FOR EACH ROW
  WHEN (OLD.purchased_at IS DISTINCT FROM NEW.purchased_at OR OLD.refunded_at IS DISTINCT FROM NEW.refunded_at
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.session_type IS DISTINCT FROM NEW.session_type)
  EXECUTE FUNCTION daily_totals_purchase_changed();
--> statement-breakpoint
CREATE FUNCTION daily_totals_beat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals (day, beats, live_beats, live_exclusives) VALUES
    ((OLD.created_at AT TIME ZONE 'UTC')::date, -1, -(OLD.deleted_at IS NULL)::int, -(OLD.deleted_at IS NULL AND OLD.beat_type = 'Exclusive')::int),
    ((NEW.created_at AT TIME ZONE 'UTC')::date, 1, (NEW.deleted_at IS NULL)::int, (NEW.deleted_at IS NULL AND NEW.beat_type = 'Exclusive')::int);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beats_daily_update_trg AFTER UPDATE OF created_at, deleted_at, beat_type ON beats
  FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.beat_type IS DISTINCT FROM NEW.beat_type)
  EXECUTE FUNCTION daily_totals_beat_changed();
--> statement-breakpoint
CREATE FUNCTION daily_totals_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals (day, new_users) VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, -1), ((NEW.created_at AT TIME ZONE 'UTC')::date, 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_daily_update_trg AFTER UPDATE OF created_at ON users
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION daily_totals_user_changed();
--> statement-breakpoint
-- The per-beat table's descending sorts break ties by id descending too: they walk the ascending indexes backwards.
DROP INDEX "beat_stats_favourites_desc_idx";
--> statement-breakpoint
DROP INDEX "beat_stats_sales_desc_idx";
--> statement-breakpoint
DROP INDEX "beat_stats_revenue_desc_idx";
--> statement-breakpoint
-- The dashboard's series read daily_totals now.
DROP INDEX "purchases_sales_by_day_idx";
--> statement-breakpoint
-- A buyer's purchased beats, each beat once at its latest purchase: the check for a newer purchase of the same beat.
CREATE INDEX "purchases_owner_beat_idx" ON "purchases" USING btree ("user_id","beat_id","kind","purchased_at","id") WHERE "purchases"."refunded_at" is null;
--> statement-breakpoint
-- The history so far, one row per day and table (compacted by the first run of the job).
INSERT INTO daily_totals (day, revenue_cents, beat_purchase, stems, exclusive, vip_plan, purchases)
SELECT (purchased_at AT TIME ZONE 'UTC')::date, coalesce(sum(price_cents) FILTER (WHERE refunded_at IS NULL), 0),
  count(*) FILTER (WHERE refunded_at IS NULL AND session_type = 'beatPurchase'), count(*) FILTER (WHERE refunded_at IS NULL AND session_type = 'stems'),
  count(*) FILTER (WHERE refunded_at IS NULL AND session_type = 'exclusive'), count(*) FILTER (WHERE refunded_at IS NULL AND session_type = 'vipPlan'),
  count(*)
FROM purchases GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, beats, live_beats, live_exclusives)
SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE deleted_at IS NULL),
  count(*) FILTER (WHERE deleted_at IS NULL AND beat_type = 'Exclusive')
FROM beats GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, new_users) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM users GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, plays) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM plays GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, downloads) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM downloads GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, credits_spent) SELECT (created_at AT TIME ZONE 'UTC')::date, sum(credits) FROM credit_spends GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, favourites) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM favorites GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_totals (day, sessions, session_seconds) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), sum(seconds) FROM session_logs GROUP BY 1;
--> statement-breakpoint
SELECT compact_daily_totals();
--> statement-breakpoint
ANALYZE daily_totals;
