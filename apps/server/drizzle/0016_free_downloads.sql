-- Free downloads for an e-mail address (docs/product/free-downloads.md): beats an admin marks free, and one lead per
-- request. The daily "once per address and beat" check and the "this address unsubscribed" check both read the
-- (email, beat_id, created_at) index; the admin's Leads list walks (created_at, id) newest first.
ALTER TABLE "beats" ADD COLUMN "free_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "free_download_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"beat_id" uuid NOT NULL REFERENCES "beats"("id") ON DELETE CASCADE,
	"consent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "free_download_leads_email_lower" CHECK ("email" = lower("email")),
	CONSTRAINT "free_download_leads_confirmed_needs_consent" CHECK ("confirmed_at" is null or "consent")
);--> statement-breakpoint
CREATE INDEX "free_download_leads_email_idx" ON "free_download_leads" ("email", "beat_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "free_download_leads_created_idx" ON "free_download_leads" ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "free_download_leads_beat_idx" ON "free_download_leads" ("beat_id");
