-- License terms the admin edits, one version per edit, and upgrades from a lease to the exclusive
-- (docs/product/licenses.md#terms, docs/product/licenses.md#upgrades). A sale points at the version in force when its
-- checkout opened, so an edit never changes a sold license. The demo store starts with sensible terms for each offer.
CREATE TABLE "licence_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"distribution_copies" integer,
	"audio_streams" integer,
	"music_videos" integer,
	"radio_stations" integer,
	"paid_performances" integer,
	"credit_required" boolean NOT NULL,
	"exclusive" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "licence_terms_offer_valid" CHECK ("offer" in ('lease', 'stems', 'exclusive', 'vipPlan', 'credit'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "licence_terms_offer_version_idx" ON "licence_terms" ("offer", "version");--> statement-breakpoint
INSERT INTO "licence_terms" ("offer", "version", "title", "body", "distribution_copies", "audio_streams", "music_videos", "radio_stations", "paid_performances", "credit_required", "exclusive") VALUES
  ('lease', 1, $t$MP3 Lease License$t$, $t$This MP3 Lease License ("License") is made on {purchaseDate} between Beat Market, for the producer {artistName} ("Licensor"), and {buyerName} <{buyerEmail}> ("Licensee").

The Licensor grants the Licensee a worldwide, non-exclusive license ({licenceType}) to use the MP3 file of "{beatTitle}" in one new song of the Licensee's own, and to record, release, stream, sell and perform that song within the numbers of this license.

The Licensor keeps the right to license the beat to others until it is sold exclusively. An exclusive sale later does not end this license.

The Licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service (such as YouTube Content ID).

The producer keeps the copyright of the beat. Where the numbers of this license require credit, every release names the producer as "Prod. by {artistName}".

The Licensee paid {price} for this license on {purchaseDate}. Its id is {licenceId}; anyone may check it on the verification page printed with this license.$t$, 5000, 100000, 1, 2, NULL, true, false),
  ('stems', 1, $t$Stems License$t$, $t$This Stems License ("License") is made on {purchaseDate} between Beat Market, for the producer {artistName} ("Licensor"), and {buyerName} <{buyerEmail}> ("Licensee").

The Licensor grants the Licensee a worldwide, non-exclusive license ({licenceType}) to use the stems (the separate tracks) of "{beatTitle}" in the Licensee's own songs. The stems may be mixed, edited and rearranged, within the numbers of this license.

The Licensor keeps the right to license the beat to others until it is sold exclusively. An exclusive sale later does not end this license.

The Licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service (such as YouTube Content ID).

The producer keeps the copyright of the beat. Where the numbers of this license require credit, every release names the producer as "Prod. by {artistName}".

The Licensee paid {price} for this license on {purchaseDate}. Its id is {licenceId}; anyone may check it on the verification page printed with this license.$t$, 10000, 500000, 3, NULL, NULL, true, false),
  ('exclusive', 1, $t$Exclusive License$t$, $t$This Exclusive License ("License") is made on {purchaseDate} between Beat Market, for the producer {artistName} ("Licensor"), and {buyerName} <{buyerEmail}> ("Licensee").

The Licensor grants the Licensee a worldwide, exclusive license ({licenceType}) to use "{beatTitle}", in MP3 and WAV and with its stems, in the Licensee's own songs, without limits on copies, streams, videos, broadcasts or performances. 100% of the royalties of those songs go to the Licensee.

From the date of this license the beat is no longer for sale: no further licenses of it are granted. Licenses granted before that date stay in force.

Free mixing and mastering of one song on this beat is included for a limited time.

The Licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service (such as YouTube Content ID).

The producer keeps the copyright of the beat. Where the numbers of this license require credit, every release names the producer as "Prod. by {artistName}".

The Licensee paid {price} for this license on {purchaseDate}. Its id is {licenceId}; anyone may check it on the verification page printed with this license.$t$, NULL, NULL, NULL, NULL, NULL, true, true),
  ('vipPlan', 1, $t$VIP Catalog License$t$, $t$This VIP Catalog License ("License") is made on {purchaseDate} between Beat Market, for the producer {artistName} ("Licensor"), and {buyerName} <{buyerEmail}> ("Licensee").

The Licensor grants the Licensee a worldwide, non-exclusive license ({licenceType}) to use every Non-Exclusive beat of the VIP catalog, in MP3 and WAV, for as long as it is in the catalog, in the Licensee's own songs, within the numbers of this license for each song. 100% of the royalties of those songs go to the Licensee.

Access is for life, from a single payment. New beats join the catalog every week.

The Licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service (such as YouTube Content ID).

The producer keeps the copyright of the beat. Where the numbers of this license require credit, every release names the producer as "Prod. by {artistName}".

The Licensee paid {price} for this license on {purchaseDate}. Its id is {licenceId}; anyone may check it on the verification page printed with this license.$t$, 10000, 250000, 1, 2, NULL, true, false),
  ('credit', 1, $t$Credit Unlock License$t$, $t$This Credit Unlock License ("License") is made on {purchaseDate} between Beat Market, for the producer {artistName} ("Licensor"), and {buyerName} <{buyerEmail}> ("Licensee").

The Licensor grants the Licensee a worldwide, non-exclusive license ({licenceType}) to use "{beatTitle}", in MP3 and WAV, in one new song of the Licensee's own, within the numbers of this license. The license was paid with one credit.

The Licensor keeps the right to license the beat to others until it is sold exclusively.

The Licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service (such as YouTube Content ID).

The producer keeps the copyright of the beat. Where the numbers of this license require credit, every release names the producer as "Prod. by {artistName}".

The Licensee paid {price} for this license on {purchaseDate}. Its id is {licenceId}; anyone may check it on the verification page printed with this license.$t$, 5000, 100000, 1, 2, NULL, true, false);--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "terms_id" integer REFERENCES "licence_terms"("id");--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "upgrades_purchase_id" uuid REFERENCES "purchases"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "terms_id" integer REFERENCES "licence_terms"("id");--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "superseded_by" uuid REFERENCES "purchases"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "terms_id" integer REFERENCES "licence_terms"("id");--> statement-breakpoint
UPDATE "purchases" SET "terms_id" = t."id" FROM "licence_terms" t WHERE t."offer" = "purchases"."kind" AND t."version" = 1;--> statement-breakpoint
UPDATE "entitlements" SET "terms_id" = t."id" FROM "licence_terms" t WHERE t."offer" = 'credit' AND t."version" = 1 AND "entitlements"."source" = 'credit';
