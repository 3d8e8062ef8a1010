-- The stored answer rows of migration 0020 are dropped (docs/decisions/0015-query-plans.md#stored-answer-rows): they
-- saved at most 1.7 times on a query and 1.4 times on a whole response, under the 2 times a kept complication must earn
-- (docs/benchmarks.md#kept-or-removed-by-measurement). Dropping a column rewrites no row and fires no trigger: the
-- catalog's version stays.
ALTER TABLE "beats" DROP COLUMN "answer_row";--> statement-breakpoint
DROP FUNCTION beat_answer_row(
  uuid, text, text, text, integer, timestamptz, text[], integer, text, timestamptz, real, text, text, text, text, text,
  text, text, text[], boolean
);
