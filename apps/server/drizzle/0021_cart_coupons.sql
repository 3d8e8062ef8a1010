-- The coupon code kept with each of an account's carts (docs/product/deals.md#a-code-kept-with-the-cart), so a code the
-- buyer applied is still there when they reload the cart or come back. Only the code is kept: every quote and checkout
-- checks it again.
CREATE TABLE "cart_coupons" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"cart" text NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_user_id_cart_pk" PRIMARY KEY ("user_id", "cart"),
	CONSTRAINT "cart_coupons_cart_valid" CHECK ("cart" in ('beats', 'stems')),
	CONSTRAINT "cart_coupons_code_upper" CHECK ("code" = upper("code"))
);
