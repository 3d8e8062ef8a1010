CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
-- The catalog's version (docs/decisions/0016-catalog-cache.md): cached public catalog answers are keyed by it,
-- so every write to beats that an answer can show bumps it in the writer's own transaction. Triggers, not
-- service code, so no write path can forget it. A new column of beats counts as visible unless listed in
-- catalog_hidden_columns below. Each bump is also announced on the channel catalog_version (delivered at
-- commit, and not at all on rollback), so the embedded database's one process knows it without asking.
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION catalog_version_bump() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
  PERFORM pg_notify('catalog_version', bumped::text);
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_version_bump_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_version_bump();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update bumps only when a row changed in a column the catalog shows: a counted play, a checkout's
-- reservation or a touched updated_at leaves cached answers valid.
CREATE FUNCTION catalog_version_bump_on_update_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  catalog_hidden_columns CONSTANT text[] := ARRAY['play_count', 'reserved_by', 'reserved_until', 'updated_at'];
BEGIN
  IF EXISTS (
    SELECT 1 FROM catalog_old_rows o JOIN catalog_new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - catalog_hidden_columns) IS DISTINCT FROM (to_jsonb(n) - catalog_hidden_columns)
  ) THEN
    PERFORM catalog_version_bump();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beats_catalog_version_insert_trg AFTER INSERT ON beats
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_trg();
--> statement-breakpoint
CREATE TRIGGER beats_catalog_version_delete_trg AFTER DELETE ON beats
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_trg();
--> statement-breakpoint
CREATE TRIGGER beats_catalog_version_truncate_trg AFTER TRUNCATE ON beats
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_trg();
--> statement-breakpoint
CREATE TRIGGER beats_catalog_version_update_trg AFTER UPDATE ON beats
  REFERENCING OLD TABLE AS catalog_old_rows NEW TABLE AS catalog_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_on_update_trg();
