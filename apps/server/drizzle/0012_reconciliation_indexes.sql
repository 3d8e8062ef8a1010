-- Reconciliation (docs/product/offers-and-prices.md#reconciliation) reads, every minute, the checkouts still unsettled
-- (oldest first) and the refunds not yet made: each a small partial index, empty while all is well.
CREATE INDEX "checkouts_unsettled_idx" ON "checkouts" ("created_at") WHERE "fulfilled_at" IS NULL AND "status" <> 'expired';--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" ("checkout_id") WHERE "provider_refund_id" IS NULL;
