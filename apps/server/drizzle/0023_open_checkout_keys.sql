-- A buyer has at most one open checkout for one set of items (docs/product/offers-and-prices.md#one-open-checkout-per-order):
-- asking again for the same items answers that checkout. The key names the session type, the items (kind, beat, list
-- price, the lease an upgrade replaces) and the coupon; older checkouts have none and are never answered again.
ALTER TABLE "checkouts" ADD COLUMN "items_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_items_key" ON "checkouts" USING btree ("user_id", "items_key")
  WHERE "items_key" is not null and "status" = 'open' and "fulfilled_at" is null;
