-- The admins' "New sale" e-mail, on by default, switched off in Store settings
-- (docs/product/offers-and-prices.md#new-sale-e-mails). Each sale looks up the admins: a partial index keeps that to
-- the few admin rows among every user.
ALTER TABLE "store_settings" ADD COLUMN "sale_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" ("id") WHERE "is_admin";
