CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"singleton_key" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_valid" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "play_listens" (
	"listener" text NOT NULL,
	"beat_id" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_listens_listener_beat_id_pk" PRIMARY KEY("listener","beat_id")
);
--> statement-breakpoint
CREATE TABLE "preview_renders" (
	"render_key" text PRIMARY KEY NOT NULL,
	"preview_key" text NOT NULL,
	"waveform_key" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"loudness_lufs" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tag_key" text,
	"tag_file_name" text,
	"tag_info" jsonb,
	"tag_first_offset_seconds" real DEFAULT 3 NOT NULL,
	"tag_interval_seconds" real DEFAULT 25 NOT NULL,
	"tag_level_db" real DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("store_settings"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "beats_listing_idx";--> statement-breakpoint
ALTER TABLE "beats" ALTER COLUMN "preview_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "waveform_key" text;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "preview_render_key" text;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "preview_settings_version" integer;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "audio_state" text DEFAULT 'rendering' NOT NULL;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "audio_error" text;--> statement-breakpoint
ALTER TABLE "beats" ADD COLUMN "file_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "play_listens" ADD CONSTRAINT "play_listens_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("priority","run_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("queue","singleton_key") WHERE "jobs"."status" = 'queued' and "jobs"."singleton_key" is not null;--> statement-breakpoint
CREATE INDEX "play_listens_counted_idx" ON "play_listens" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "beats_listing_idx" ON "beats" USING btree ("beat_type","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "beats"."published" and "beats"."sold_at" is null and "beats"."preview_key" is not null;--> statement-breakpoint
ALTER TABLE "beats" ADD CONSTRAINT "beats_audio_state_valid" CHECK ("beats"."audio_state" in ('rendering', 'ready', 'failed'));--> statement-breakpoint
INSERT INTO "store_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Until now a beat's preview was its sold MP3: no beat keeps that as its public preview. Each gets a
-- tagged preview from a render job, and is listed again once it is ready (docs/audio-pipeline.md).
UPDATE "beats" SET "preview_key" = NULL, "audio_state" = 'rendering';--> statement-breakpoint
INSERT INTO "jobs" ("queue", "payload", "priority", "singleton_key")
  SELECT 'preview.render', jsonb_build_object('beatId', "id"), 10, "id"::text FROM "beats" WHERE "deleted_at" IS NULL;
