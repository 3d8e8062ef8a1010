CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "beats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist_name" text NOT NULL,
	"category" text,
	"bpm" integer NOT NULL,
	"release_date" timestamp with time zone NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_cents" integer,
	"beat_type" text NOT NULL,
	"countdown_end_time" timestamp with time zone,
	"duration_seconds" real,
	"preview_key" text NOT NULL,
	"mp3_key" text NOT NULL,
	"wav_key" text,
	"stems_key" text,
	"published" boolean DEFAULT true NOT NULL,
	"sold_at" timestamp with time zone,
	"play_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beats_type_valid" CHECK ("beats"."beat_type" in ('Exclusive', 'Non-Exclusive')),
	CONSTRAINT "beats_price_non_negative" CHECK ("beats"."price_cents" is null or "beats"."price_cents" >= 0),
	CONSTRAINT "beats_bpm_range" CHECK ("beats"."bpm" between 20 and 400)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"beat_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_beat_id_pk" PRIMARY KEY("user_id","beat_id")
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"beat_id" uuid NOT NULL,
	"user_id" uuid,
	"seconds" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"username" text,
	"password_hash" text NOT NULL,
	"user_type" text DEFAULT 'freeUser' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"profile_image_key" text,
	"is_stems_available" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"has_password_changed" boolean DEFAULT true NOT NULL,
	"last_session_date" timestamp with time zone,
	"total_session_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_non_negative" CHECK ("users"."credits" >= 0),
	CONSTRAINT "users_user_type_valid" CHECK ("users"."user_type" in ('freeUser', 'invitedUser', 'vipUser'))
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_beat_id_beats_id_fk" FOREIGN KEY ("beat_id") REFERENCES "public"."beats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beats_listing_idx" ON "beats" USING btree ("beat_type","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "beats"."published" and "beats"."sold_at" is null;--> statement-breakpoint
-- Finer statistics let the planner tell a rare search term (bitmap over the trigram index) from a common one (walk the listing index).
ALTER TABLE "beats" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "beats_search_trgm_idx" ON "beats" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "favorites_beat_idx" ON "favorites" USING btree ("beat_id");--> statement-breakpoint
CREATE INDEX "plays_beat_idx" ON "plays" USING btree ("beat_id");--> statement-breakpoint
CREATE INDEX "plays_created_idx" ON "plays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "session_logs_created_idx" ON "session_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");
--> statement-breakpoint
-- Search text for the catalog search: lower(title) and each lower(tag), one per line, so a
-- substring match can never span two of them (the search box cannot send a newline).
CREATE FUNCTION beats_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.title) || E'\n' || lower(array_to_string(NEW.tags, E'\n'));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER beats_search_text_trg BEFORE INSERT OR UPDATE OF title, tags ON beats
  FOR EACH ROW EXECUTE FUNCTION beats_search_text();
