-- The admins' "New sale" e-mail, on by default, switched off in Store settings (docs/product/offers-and-prices.md#new-sale-e-mails).
ALTER TABLE "store_settings" ADD COLUMN "sale_notices" boolean DEFAULT true NOT NULL;
