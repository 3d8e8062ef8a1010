-- Licence tiers (docs/product/licenses.md#tiers): the store's ladder of licences — MP3 Lease, WAV Lease, Trackout Lease,
-- Unlimited, Exclusive — each with its files and default price, each beat's own prices and switches, and the tier of every
-- cart line, checkout item, purchase and entitlement. Terms stay in licence_terms, keyed by the tier's key.
CREATE TABLE "licence_tiers" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_price_cents" integer,
	"files" text[] NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_tiers_key_valid" CHECK ("key" ~ '^[a-z][a-zA-Z0-9]{1,31}$'),
	CONSTRAINT "licence_tiers_files_valid" CHECK (cardinality("files") > 0 AND "files" <@ ARRAY['mp3', 'wav', 'stems']::text[]),
	CONSTRAINT "licence_tiers_price_valid" CHECK ("default_price_cents" IS NULL OR "default_price_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "beat_tier_prices" (
	"beat_id" uuid NOT NULL REFERENCES "beats"("id") ON DELETE CASCADE,
	"tier" text NOT NULL REFERENCES "licence_tiers"("key") ON DELETE CASCADE,
	"price_cents" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beat_tier_prices_pk" PRIMARY KEY ("beat_id", "tier"),
	CONSTRAINT "beat_tier_prices_price_valid" CHECK ("price_cents" IS NULL OR "price_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "beat_tier_prices_tier_idx" ON "beat_tier_prices" USING btree ("tier");--> statement-breakpoint
INSERT INTO "licence_tiers" ("key", "name", "default_price_cents", "files", "exclusive", "position") VALUES
  ('lease', 'MP3 Lease', NULL, ARRAY['mp3'], false, 0),
  ('wav', 'WAV Lease', 4999, ARRAY['mp3', 'wav'], false, 1),
  ('trackout', 'Trackout Lease', 9999, ARRAY['mp3', 'wav', 'stems'], false, 2),
  ('unlimited', 'Unlimited', 19999, ARRAY['mp3', 'wav', 'stems'], false, 3),
  ('exclusive', 'Exclusive', NULL, ARRAY['mp3', 'wav', 'stems'], true, 4);--> statement-breakpoint
-- Terms are keyed by a fixed offer or a tier's key; the producer's publishing share joins the numbers.
ALTER TABLE "licence_terms" DROP CONSTRAINT "licence_terms_offer_valid";--> statement-breakpoint
ALTER TABLE "licence_terms" ADD CONSTRAINT "licence_terms_offer_valid" CHECK ("offer" ~ '^[a-z][a-zA-Z0-9]{1,31}$');--> statement-breakpoint
ALTER TABLE "licence_terms" ADD COLUMN "publishing_share" integer;--> statement-breakpoint
ALTER TABLE "licence_terms" ADD CONSTRAINT "licence_terms_publishing_share_valid" CHECK ("publishing_share" IS NULL OR "publishing_share" BETWEEN 0 AND 100);--> statement-breakpoint
INSERT INTO "licence_terms" ("offer", "version", "title", "body", "distribution_copies", "audio_streams", "music_videos", "radio_stations", "paid_performances", "credit_required", "exclusive", "publishing_share")
SELECT t.offer, 1, t.title, replace(replace(l."body", 'MP3 Lease License', t.title), 'the MP3 file of', t.files), t.copies, t.streams, t.videos, t.radio, t.performances, true, false, 50
FROM (VALUES
  ('wav', 'WAV Lease License', 'the MP3 and WAV files of', 10000, 250000, 1, 2, NULL::integer),
  ('trackout', 'Trackout Lease License', 'the MP3, WAV and stems (track-out) files of', 20000, 1000000, 2, 5, NULL::integer),
  ('unlimited', 'Unlimited License', 'the MP3, WAV and stems (track-out) files of', NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer)
) AS t(offer, title, files, copies, streams, videos, radio, performances)
CROSS JOIN (SELECT "body" FROM "licence_terms" WHERE "offer" = 'lease' AND "version" = 1) AS l;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "tier" text REFERENCES "licence_tiers"("key");--> statement-breakpoint
UPDATE "cart_items" SET "tier" = CASE WHEN b."beat_type" = 'Exclusive' THEN 'exclusive' ELSE 'lease' END FROM "beats" b WHERE b."id" = "cart_items"."beat_id";--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "tier" text REFERENCES "licence_tiers"("key");--> statement-breakpoint
UPDATE "checkout_items" SET "tier" = "kind" WHERE "kind" IN ('lease', 'exclusive');--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tier" text REFERENCES "licence_tiers"("key");--> statement-breakpoint
UPDATE "purchases" SET "tier" = "kind" WHERE "kind" IN ('lease', 'exclusive');--> statement-breakpoint
-- A tier's files as sold, frozen with the entitlement (a later edit of the tier never changes a sold licence); null:
-- the files of the row's source in the entitlement table.
ALTER TABLE "entitlements" ADD COLUMN "files" text[];
