-- Every purchase is a license with an id anyone may check at /licenses/verify/{id} (docs/product/licenses.md).
-- The id is 96 random bits from gen_random_uuid() (the first 12 hex digits of two version-4 UUIDs, none of them
-- fixed version or variant bits), written as six groups of four: 5F3A-9C2E-1B7D-4A60-9E3F-2C81.
CREATE FUNCTION "new_licence_id"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT regexp_replace(
    upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)),
    '(.{4})(?!$)', '\1-', 'g')
$$;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "licence_id" text;--> statement-breakpoint
UPDATE "purchases" SET "licence_id" = "new_licence_id"();--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "licence_id" SET DEFAULT "new_licence_id"();--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "licence_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_licence_id_idx" ON "purchases" ("licence_id");
