-- The catalog search also matches the artist's name and the genre (docs/product/catalog-and-search.md):
-- each is one more line of the search text, so a match still never spans two fields.
CREATE OR REPLACE FUNCTION beats_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.title) || E'\n' || lower(array_to_string(NEW.tags, E'\n')) || E'\n' ||
    lower(NEW.artist_name) || E'\n' || lower(coalesce(NEW.category, ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER beats_search_text_trg ON beats;
--> statement-breakpoint
CREATE TRIGGER beats_search_text_trg BEFORE INSERT OR UPDATE OF title, tags, artist_name, category ON beats
  FOR EACH ROW EXECUTE FUNCTION beats_search_text();
--> statement-breakpoint
UPDATE beats SET title = title;
