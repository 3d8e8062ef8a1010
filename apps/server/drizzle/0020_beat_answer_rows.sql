-- Each beat's answer row, kept by the database (docs/decisions/0015-query-plans.md#stored-answer-rows): the 20
-- columns a beat's answer shows (`beatDtoColumns` in apps/server/src/modules/beats/beat-dto.ts, in that order) as one
-- `json_build_array`, the form the long lists (a buyer's leases, their favourites) read. Building it at every read
-- was about 3 ms of a buyer's whole list of 378 leases; read stored, it is a copy.
-- A stored generated column: written with every insert and update, after the BEFORE triggers (so it holds the slug
-- beats_slug_trg sets), and filled for the existing beats by one rewrite of the table, which fires no trigger (the
-- catalog's version stays). The function prints dates in UTC and reals in their shortest form whatever the session
-- says, so it is immutable as a generated column requires: the same values always give the same text.
CREATE FUNCTION beat_answer_row(
  id uuid, title text, artist_name text, category text, bpm integer, release_date timestamptz, tags text[],
  price_cents integer, beat_type text, countdown_end_time timestamptz, duration_seconds real, preview_key text,
  preview_render_key text, waveform_key text, wav_key text, stems_key text, slug text, musical_key text,
  moods text[], free_download boolean
) RETURNS json LANGUAGE sql IMMUTABLE SET timezone TO 'UTC' SET extra_float_digits TO 1 AS $$
  SELECT json_build_array(
    id, title, artist_name, category, bpm, release_date, tags, price_cents, beat_type, countdown_end_time,
    duration_seconds, preview_key, preview_render_key, waveform_key, wav_key, stems_key, slug, musical_key, moods,
    free_download
  )
$$;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "answer_row" json NOT NULL GENERATED ALWAYS AS (beat_answer_row(
  id, title, artist_name, category, bpm, release_date, tags, price_cents, beat_type, countdown_end_time,
  duration_seconds, preview_key, preview_render_key, waveform_key, wav_key, stems_key, slug, musical_key, moods,
  free_download
)) STORED;
