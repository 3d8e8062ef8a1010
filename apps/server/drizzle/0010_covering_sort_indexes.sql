-- The catalog's sort indexes carry every filter column (docs/decisions/0022-catalog-discovery-speed.md): a page whose
-- filters leave few beats walks a sort index a long way, and with the filter columns in the index that walk reads
-- index pages only (an Index Only Scan, about 80 entries a page) instead of one listed_beats row per entry. Same
-- names and keys as migration 0008; only the INCLUDE list is new.
DROP INDEX IF EXISTS "listed_beats_newest_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listed_beats_type_newest_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listed_beats_popular_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listed_beats_price_asc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listed_beats_price_desc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listed_beats_bpm_idx";--> statement-breakpoint
CREATE INDEX "listed_beats_newest_idx" ON "listed_beats" USING btree ("release_date" DESC NULLS FIRST, "beat_id" DESC NULLS FIRST)
  INCLUDE ("beat_type", "category", "musical_key", "mood_bits", "bpm", "price_cents", "has_stems", "recent_plays");--> statement-breakpoint
CREATE INDEX "listed_beats_type_newest_idx" ON "listed_beats" USING btree ("beat_type", "release_date" DESC NULLS FIRST, "beat_id" DESC NULLS FIRST)
  INCLUDE ("category", "musical_key", "mood_bits", "bpm", "price_cents", "has_stems", "recent_plays");--> statement-breakpoint
CREATE INDEX "listed_beats_popular_idx" ON "listed_beats" USING btree ("recent_plays", "beat_id")
  INCLUDE ("beat_type", "category", "musical_key", "mood_bits", "bpm", "price_cents", "has_stems");--> statement-breakpoint
CREATE INDEX "listed_beats_price_asc_idx" ON "listed_beats" USING btree (coalesce("price_cents", 2147483647), "beat_id")
  INCLUDE ("beat_type", "category", "musical_key", "mood_bits", "bpm", "price_cents", "has_stems", "recent_plays");--> statement-breakpoint
CREATE INDEX "listed_beats_price_desc_idx" ON "listed_beats" USING btree (coalesce("price_cents", -1), "beat_id")
  INCLUDE ("beat_type", "category", "musical_key", "mood_bits", "bpm", "price_cents", "has_stems", "recent_plays");--> statement-breakpoint
CREATE INDEX "listed_beats_bpm_idx" ON "listed_beats" USING btree ("bpm", "beat_id")
  INCLUDE ("beat_type", "category", "musical_key", "mood_bits", "price_cents", "has_stems", "recent_plays");--> statement-breakpoint
-- An Index Only Scan skips the table only for pages the visibility map marks all-visible: set it now (the
-- embedded database has no autovacuum; the popularity refresh vacuums the table after it writes).
ANALYZE "listed_beats";
