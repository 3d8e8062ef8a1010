-- Filters and sorts of the catalog (docs/product/catalog-and-search.md#filters, docs/decisions/0021-catalog-filters.md).
-- A beat's musical key (one of 24) and moods (a subset of a fixed list), checked here as well as by the API.
ALTER TABLE "beats" ADD COLUMN "musical_key" text;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "moods" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "beats" ADD CONSTRAINT "beats_musical_key_valid" CHECK ("beats"."musical_key" is null or "beats"."musical_key" in ('C major', 'C minor', 'C# major', 'C# minor', 'D major', 'D minor', 'D# major', 'D# minor', 'E major', 'E minor', 'F major', 'F minor', 'F# major', 'F# minor', 'G major', 'G minor', 'G# major', 'G# minor', 'A major', 'A minor', 'A# major', 'A# minor', 'B major', 'B minor'));--> statement-breakpoint
ALTER TABLE "beats" ADD CONSTRAINT "beats_moods_valid" CHECK ("beats"."moods" <@ ARRAY['dark', 'happy', 'sad', 'chill', 'energetic', 'aggressive', 'romantic', 'epic', 'bouncy', 'dreamy']::text[]);--> statement-breakpoint
-- The listed beats, narrow: what the filters, sorts and facets read, about a tenth of a beats row, so walking a
-- sort's index and checking the filters touches few pages. Moods are one bit each (bit 0 dark … bit 9 dreamy, the
-- order of the list above and of packages/shared/src/discovery.ts): a filter is one AND, a facet groups integers.
-- The search text is copied too, so a search with filters reads only narrow rows. recent_plays (plays of the
-- last 30 days, for the "popular" sort) lives only here and is refreshed hourly.
CREATE TABLE "listed_beats" (
	"beat_id" uuid PRIMARY KEY NOT NULL,
	"beat_type" text NOT NULL,
	"release_date" timestamp with time zone NOT NULL,
	"category" text,
	"musical_key" text,
	"mood_bits" integer NOT NULL,
	"bpm" integer NOT NULL,
	"price_cents" integer,
	"has_stems" boolean NOT NULL,
	"search_text" text NOT NULL,
	"recent_plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listed_beats_recent_plays_non_negative" CHECK ("listed_beats"."recent_plays" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listed_beats" ADD CONSTRAINT "listed_beats_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listed_beats_newest_idx" ON "listed_beats" USING btree ("release_date" DESC NULLS FIRST,"beat_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listed_beats_type_newest_idx" ON "listed_beats" USING btree ("beat_type","release_date" DESC NULLS FIRST,"beat_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listed_beats_popular_idx" ON "listed_beats" USING btree ("recent_plays","beat_id");--> statement-breakpoint
CREATE INDEX "listed_beats_price_asc_idx" ON "listed_beats" USING btree (coalesce("price_cents", 2147483647),"beat_id");--> statement-breakpoint
CREATE INDEX "listed_beats_price_desc_idx" ON "listed_beats" USING btree (coalesce("price_cents", -1),"beat_id");--> statement-breakpoint
CREATE INDEX "listed_beats_bpm_idx" ON "listed_beats" USING btree ("bpm","beat_id");--> statement-breakpoint
CREATE INDEX "listed_beats_key_idx" ON "listed_beats" USING btree ("musical_key");--> statement-breakpoint
CREATE INDEX "listed_beats_genre_idx" ON "listed_beats" USING btree ("category");--> statement-breakpoint
CREATE INDEX "listed_beats_search_trgm_idx" ON "listed_beats" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Kept by a trigger in the writer's transaction, so no write path can forget it. The listing rule is
-- modules/beats/listing.ts's (published, not sold, preview ready); a change to any other column (a counted
-- play, a reservation) does not touch this table.
CREATE FUNCTION mood_bits(moods text[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum(1 << (array_position(ARRAY['dark', 'happy', 'sad', 'chill', 'energetic', 'aggressive', 'romantic', 'epic', 'bouncy', 'dreamy']::text[], m) - 1)), 0)::integer
  FROM (SELECT DISTINCT m FROM unnest(moods) m) d
$$;
--> statement-breakpoint
CREATE FUNCTION listed_beats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.published AND NEW.sold_at IS NULL AND NEW.preview_key IS NOT NULL THEN
    INSERT INTO listed_beats (beat_id, beat_type, release_date, category, musical_key, mood_bits, bpm, price_cents, has_stems, search_text)
    VALUES (NEW.id, NEW.beat_type, NEW.release_date, NEW.category, NEW.musical_key, mood_bits(NEW.moods), NEW.bpm, NEW.price_cents,
            NEW.stems_key IS NOT NULL, NEW.search_text)
    ON CONFLICT (beat_id) DO UPDATE SET
      beat_type = excluded.beat_type, release_date = excluded.release_date, category = excluded.category,
      musical_key = excluded.musical_key, mood_bits = excluded.mood_bits, bpm = excluded.bpm, price_cents = excluded.price_cents,
      has_stems = excluded.has_stems, search_text = excluded.search_text
    WHERE (listed_beats.beat_type, listed_beats.release_date, listed_beats.category, listed_beats.musical_key, listed_beats.mood_bits,
           listed_beats.bpm, listed_beats.price_cents, listed_beats.has_stems, listed_beats.search_text)
      IS DISTINCT FROM (excluded.beat_type, excluded.release_date, excluded.category, excluded.musical_key, excluded.mood_bits,
           excluded.bpm, excluded.price_cents, excluded.has_stems, excluded.search_text);
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM listed_beats WHERE beat_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beats_listed_sync_trg AFTER INSERT OR UPDATE OF published, sold_at, preview_key, beat_type, release_date, category,
  musical_key, moods, bpm, price_cents, stems_key, title, tags, artist_name, search_text ON beats
  FOR EACH ROW EXECUTE FUNCTION listed_beats_sync();
--> statement-breakpoint
-- A popularity refresh that changed some beats changes the "popular" order: the catalog's version moves once.
-- (Every other change of listed_beats comes from a write to beats, which moves it already.)
CREATE FUNCTION listed_beats_popularity_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM listed_beats_old o JOIN listed_beats_new n ON n.beat_id = o.beat_id WHERE n.recent_plays <> o.recent_plays
  ) THEN
    PERFORM catalog_version_bump();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listed_beats_popularity_trg AFTER UPDATE ON listed_beats
  REFERENCING OLD TABLE AS listed_beats_old NEW TABLE AS listed_beats_new
  FOR EACH STATEMENT EXECUTE FUNCTION listed_beats_popularity_bump();
--> statement-breakpoint
INSERT INTO listed_beats (beat_id, beat_type, release_date, category, musical_key, mood_bits, bpm, price_cents, has_stems, search_text)
SELECT id, beat_type, release_date, category, musical_key, mood_bits(moods), bpm, price_cents, stems_key IS NOT NULL, search_text
FROM beats WHERE published AND sold_at IS NULL AND preview_key IS NOT NULL;
--> statement-breakpoint
ANALYZE listed_beats;
