-- Beat pages' addresses (docs/decisions/0020-beat-pages.md): every beat has a readable slug made from its title,
-- unique among every slug any beat has ever had. A rename gives a new slug and keeps the old one in
-- beat_slug_history, so an old link still finds its beat. Triggers, not service code, make and keep them, so
-- every way a beat is written (the admin form, the demo store, the benchmark, tests) gets one.
CREATE TABLE "beat_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"beat_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beat_slug_history" ADD CONSTRAINT "beat_slug_history_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "beat_slug_history_beat_idx" ON "beat_slug_history" USING btree ("beat_id");
--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "slug" text;
--> statement-breakpoint
-- The slug of a title: accents folded (NFKD, then the combining marks dropped), the few Latin letters that do
-- not decompose spelled out, lower case, every run of anything but a-z and 0-9 one hyphen, no hyphen at either
-- end, at most 80 characters; 'beat' when nothing is left (a title of emoji or of another script).
CREATE FUNCTION beat_slug_base(title text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM
    regexp_replace(
      lower(
        replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
          regexp_replace(normalize(title, NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
          'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ø', 'o'), 'Ø', 'o'),
          'đ', 'd'), 'Đ', 'd'), 'ł', 'l'), 'Ł', 'l'), 'þ', 'th'), 'Þ', 'th')
      ),
      '[^a-z0-9]+', '-', 'g')), 80)), ''), 'beat');
$$;
--> statement-breakpoint
-- The first of base, base-2, base-3… that no other beat has now or had before; one of this beat's own old
-- slugs may come back to it. Callers hold catalog_slug_lock(), so two writers never pick the same one.
CREATE FUNCTION beat_slug_free(base text, beat uuid) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text := base;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM beats WHERE slug = candidate AND id <> beat)
     OR EXISTS (SELECT 1 FROM beat_slug_history WHERE slug = candidate AND beat_id <> beat) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END
$$;
--> statement-breakpoint
-- One transaction at a time picks slugs (held until it ends; taking it again in the same transaction is free).
CREATE FUNCTION catalog_slug_lock() RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(7020013);
$$;
--> statement-breakpoint
-- A new beat gets the slug of its title whatever the insert says; a rename that changes the slug's base moves
-- the current slug to the history (a title that only changes case or punctuation keeps its slug).
CREATE FUNCTION beats_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text := beat_slug_base(NEW.title);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.slug IS DISTINCT FROM OLD.slug THEN
      RAISE EXCEPTION 'A beat''s slug follows its title: change the title instead.';
    END IF;
    IF OLD.slug = base OR OLD.slug ~ ('^' || base || '-[0-9]+$') THEN
      RETURN NEW;
    END IF;
  END IF;
  PERFORM catalog_slug_lock();
  NEW.slug := beat_slug_free(base, NEW.id);
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM beat_slug_history WHERE slug = NEW.slug;
    INSERT INTO beat_slug_history (slug, beat_id) VALUES (OLD.slug, OLD.id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Existing beats, oldest first, so the first of two equal titles keeps the plain slug; the catalog's version is
-- bumped once for all of them rather than once a row. Set-based: each title's beats numbered in one pass, then
-- the few whose numbered slug is another title's plain one (a "Night 2" beside two "Night"s) moved on one by one,
-- with a scratch index so that each look-up is one probe, not a scan.
ALTER TABLE beats DISABLE TRIGGER beats_catalog_version_update_trg;
--> statement-breakpoint
UPDATE beats SET slug = numbered.base || CASE WHEN numbered.n = 1 THEN '' ELSE '-' || numbered.n END
FROM (
  SELECT id, beat_slug_base(title) AS base,
    row_number() OVER (PARTITION BY beat_slug_base(title) ORDER BY created_at, release_date, id) AS n
  FROM beats
) AS numbered
WHERE beats.id = numbered.id;
--> statement-breakpoint
CREATE INDEX "beats_slug_backfill_idx" ON "beats" USING btree ("slug");
--> statement-breakpoint
DO $$
DECLARE
  row record;
BEGIN
  FOR row IN
    SELECT id, title FROM (
      SELECT id, title, created_at, release_date,
        row_number() OVER (PARTITION BY slug ORDER BY (slug = beat_slug_base(title)) DESC, created_at, release_date, id) AS k
      FROM beats
    ) AS shared WHERE k > 1 ORDER BY created_at, release_date, id
  LOOP
    UPDATE beats SET slug = beat_slug_free(beat_slug_base(row.title), row.id) WHERE id = row.id;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP INDEX "beats_slug_backfill_idx";
--> statement-breakpoint
ALTER TABLE beats ENABLE TRIGGER beats_catalog_version_update_trg;
--> statement-breakpoint
SELECT catalog_version_bump();
--> statement-breakpoint
ALTER TABLE "beats" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "beats_slug_key" ON "beats" USING btree ("slug");
--> statement-breakpoint
CREATE TRIGGER beats_slug_trg BEFORE INSERT OR UPDATE OF title, slug ON beats
  FOR EACH ROW EXECUTE FUNCTION beats_slug();
--> statement-breakpoint
-- "More like this" (GET /api/beats/slug/{slug}): the listed beats walked up and down from one tempo.
CREATE INDEX "beats_related_bpm_idx" ON "beats" USING btree ("bpm","id") WHERE "beats"."published" and "beats"."sold_at" is null and "beats"."preview_key" is not null;
