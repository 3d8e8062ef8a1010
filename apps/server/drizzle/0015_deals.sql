-- Deals (docs/product/deals.md): coupon codes, their redemptions (held while a checkout is open, redeemed once paid,
-- released when it expires or is refunded in full), the store's bulk deal on MP3 leases, and on each checkout line
-- its list price and what each deal took off (price_cents stays what is charged for the line).
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"scope" text DEFAULT 'store' NOT NULL,
	"beat_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"offers" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"per_buyer_limit" integer,
	"minimum_order_cents" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupons_kind_valid" CHECK ("kind" in ('percent', 'fixed')),
	CONSTRAINT "coupons_scope_valid" CHECK ("scope" in ('store', 'beats', 'offers')),
	CONSTRAINT "coupons_amount_valid" CHECK (("kind" = 'percent' and "percent_off" between 1 and 100) or ("kind" = 'fixed' and "amount_off_cents" > 0)),
	CONSTRAINT "coupons_code_upper" CHECK ("code" = upper("code"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" ("code") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL REFERENCES "coupons"("id") ON DELETE CASCADE,
	"checkout_id" uuid NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"discount_cents" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_state_valid" CHECK ("state" in ('held', 'redeemed', 'released'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_checkout_key" ON "coupon_redemptions" ("checkout_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" ("coupon_id", "user_id") WHERE "state" <> 'released';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_id" uuid REFERENCES "coupons"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "bulk_deal" text;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
UPDATE "checkout_items" SET "list_price_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "checkout_items" ALTER COLUMN "list_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "bulk_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "coupon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bulk_deal_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bulk_deal_buy" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bulk_deal_free" integer DEFAULT 1 NOT NULL;
