-- Queries within budget at 100,000 beats and users (docs/decisions/0015-query-plans.md). A buyer's history joins
-- each purchase to the one an upgrade replaced (`superseded_by`): without an index that join read the whole
-- purchases table on every history page, and deleting a purchase (ON DELETE SET NULL) did the same. Partial: only
-- upgraded purchases carry it.
CREATE INDEX "purchases_superseded_by_idx" ON "purchases" USING btree ("superseded_by") WHERE "superseded_by" IS NOT NULL;--> statement-breakpoint
-- A catalog search is planned from how many beats the planner expects to match. With the default statistics
-- (100 histogram entries) a LIKE pattern is never guessed under 1% of the catalog: "sapphire ri" (149 of 100,000)
-- was guessed at 1,010 and planned as a walk of the newest-first index past 36,000 beats (37,000 buffers). A
-- thousand entries guess 200, and its matches are read through the trigram index and sorted (921 buffers).
ALTER TABLE "listed_beats" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "listed_beats";
