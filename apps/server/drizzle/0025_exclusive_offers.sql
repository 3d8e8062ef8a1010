-- Offers on exclusives (docs/product/exclusive-offers.md): a buyer proposes a price, the producer accepts, declines or
-- counters; an accepted offer is paid at its amount within 48 hours, the exclusive held for its buyer meanwhile.
ALTER TABLE "beats" ADD COLUMN "min_offer_cents" integer;--> statement-breakpoint
ALTER TABLE "beats" ADD CONSTRAINT "beats_min_offer_positive" CHECK ("min_offer_cents" is null or "min_offer_cents" > 0);--> statement-breakpoint
CREATE TABLE "exclusive_offers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "beat_id" uuid NOT NULL REFERENCES "beats"("id") ON DELETE cascade,
  "buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "amount_cents" integer NOT NULL,
  "message" text,
  "counter_cents" integer,
  "counter_message" text,
  "agreed_cents" integer,
  "state" text DEFAULT 'open' NOT NULL,
  "declined_by" text,
  "expires_at" timestamp with time zone,
  "checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "exclusive_offers_state_valid" CHECK ("state" in ('open', 'countered', 'accepted', 'paid', 'expired', 'declined', 'withdrawn', 'closed')),
  CONSTRAINT "exclusive_offers_amounts_positive" CHECK ("amount_cents" > 0 and ("counter_cents" is null or "counter_cents" > 0) and ("agreed_cents" is null or "agreed_cents" > 0)),
  CONSTRAINT "exclusive_offers_declined_by_valid" CHECK ("declined_by" is null or "declined_by" in ('producer', 'buyer'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "exclusive_offers_one_live_key" ON "exclusive_offers" USING btree ("buyer_id", "beat_id")
  WHERE "state" in ('open', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "exclusive_offers_buyer_idx" ON "exclusive_offers" USING btree ("buyer_id", "created_at");--> statement-breakpoint
CREATE INDEX "exclusive_offers_beat_idx" ON "exclusive_offers" USING btree ("beat_id");--> statement-breakpoint
CREATE INDEX "exclusive_offers_created_idx" ON "exclusive_offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exclusive_offers_checkout_idx" ON "exclusive_offers" USING btree ("checkout_id");
