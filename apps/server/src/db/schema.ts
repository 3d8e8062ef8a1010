/** The database tables. Money is kept in whole cents; times are timestamptz. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['freeUser', 'invitedUser', 'vipUser'] }).notNull().default('freeUser'),
    credits: integer('credits').notNull().default(0),
    profileImageKey: text('profile_image_key'),
    isStemsAvailable: boolean('is_stems_available').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    hasPasswordChanged: boolean('has_password_changed').notNull().default(true),
    lastSessionDate: timestamp('last_session_date', { withTimezone: true }),
    totalSessionSeconds: integer('total_session_seconds').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    check('users_user_type_valid', sql`${t.userType} in ('freeUser', 'invitedUser', 'vipUser')`),
  ],
);

/** One row per issued token; revoking a row ends that token (logout, password change). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const beats = pgTable(
  'beats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    artistName: text('artist_name').notNull(),
    category: text('category'),
    bpm: integer('bpm').notNull(),
    releaseDate: timestamp('release_date', { withTimezone: true }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Primary offer's price: the exclusive licence, or the optional MP3 lease (DECISIONS). */
    priceCents: integer('price_cents'),
    beatType: text('beat_type', { enum: ['Exclusive', 'Non-Exclusive'] }).notNull(),
    countdownEndTime: timestamp('countdown_end_time', { withTimezone: true }),
    durationSeconds: real('duration_seconds'),
    previewKey: text('preview_key').notNull(),
    mp3Key: text('mp3_key').notNull(),
    wavKey: text('wav_key'),
    stemsKey: text('stems_key'),
    published: boolean('published').notNull().default(true),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    playCount: integer('play_count').notNull().default(0),
    /** lower(title) and lower(tags) joined by newlines, kept by a trigger; searched through a trigram index. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('beats_type_valid', sql`${t.beatType} in ('Exclusive', 'Non-Exclusive')`),
    check('beats_price_non_negative', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('beats_bpm_range', sql`${t.bpm} between 20 and 400`),
    index('beats_listing_idx')
      .on(t.beatType, t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.soldAt} is null`),
    index('beats_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.beatId] }), index('favorites_beat_idx').on(t.beatId)],
);

export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    seconds: real('seconds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('plays_beat_idx').on(t.beatId), index('plays_created_idx').on(t.createdAt)],
);

export const sessionLogs = pgTable(
  'session_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_logs_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type BeatRow = typeof beats.$inferSelect;
