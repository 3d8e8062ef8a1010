/** The database tables. Money is kept in whole cents; times are timestamptz. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type PgColumnBuilderBase,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  audioStates,
  beatTypes,
  cartKinds,
  couponKinds,
  couponOffers,
  couponScopes,
  exclusiveOfferStates,
  fileTypes,
  type LicenceOffer,
  type TierKey,
  purchaseKinds,
  sessionTypes,
  userTypes,
  type AudioStateDto,
  type EntitlementSource,
  type Mp3Info,
  type PurchaseKind,
  type SessionType,
  type StemsInfo,
  type WavInfo,
  moods,
  musicalKeys,
  type Mood,
  type MusicalKey,
} from '@beat/shared';

/** The enums are the API's (packages/shared): one definition for the database, the server and the web app. */
export type { EntitlementSource, PurchaseKind, SessionType };
export type AudioState = AudioStateDto;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: userTypes }).notNull().default('freeUser'),
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
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // The admin's user list (newest first) and its search (docs/decisions/0015-query-plans.md).
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // The admins, told of each sale (docs/product/offers-and-prices.md#new-sale-e-mails).
    index('users_admins_idx').on(t.id).where(sql`${t.isAdmin}`),
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
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);


export type BeatFileInfo = Partial<{ mp3: Mp3Info; wav: WavInfo; stems: StemsInfo }>;

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
    /** Primary offer's price: the exclusive licence, or the optional MP3 lease (docs/product/offers-and-prices.md#primary-offer). */
    priceCents: integer('price_cents'),
    beatType: text('beat_type', { enum: beatTypes }).notNull(),
    countdownEndTime: timestamp('countdown_end_time', { withTimezone: true }),
    /** Measured from the decoded audio the preview is rendered from. */
    durationSeconds: real('duration_seconds'),
    /**
     * The public preview: the beat with the store's tag mixed in, never a sold file (docs/audio-pipeline.md).
     * Null until the first render is ready; a beat without one is not listed.
     */
    previewKey: text('preview_key'),
    /** Waveform peaks (JSON) of the same render. */
    waveformKey: text('waveform_key'),
    /** Which render the preview is: its content hash, also the cache-busting `v` of the stream link. */
    previewRenderKey: text('preview_render_key'),
    /** The store settings version the preview was rendered with. */
    previewSettingsVersion: integer('preview_settings_version'),
    audioState: text('audio_state', { enum: audioStates }).notNull().default('rendering'),
    audioError: text('audio_error'),
    /** What decoding each uploaded file found (format, rate, depth, bitrate, length, stems). */
    fileInfo: jsonb('file_info').$type<BeatFileInfo>().notNull().default({}),
    mp3Key: text('mp3_key').notNull(),
    wavKey: text('wav_key'),
    stemsKey: text('stems_key'),
    published: boolean('published').notNull().default(true),
    /** Offered for free to anyone who gives an e-mail address: the tagged preview only (docs/product/free-downloads.md). */
    freeDownload: boolean('free_download').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** An exclusive held for one buyer while their checkout is open (30 minutes at most: docs/product/offers-and-prices.md#reservations). */
    reservedBy: uuid('reserved_by'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** An exclusive's minimum offer: offers below it are refused (docs/product/exclusive-offers.md#the-minimum). */
    minOfferCents: integer('min_offer_cents'),
    /** Deleted by an admin: gone from the store, still downloadable by those who own it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    playCount: integer('play_count').notNull().default(0),
    /** One of the 24 `musicalKeys` (docs/product/catalog-and-search.md#filters). */
    musicalKey: text('musical_key').$type<MusicalKey>(),
    /** A subset of `moods`, each once. */
    moods: text('moods').array().$type<Mood[]>().notNull().default(sql`'{}'::text[]`),
    /** lower(title), lower(tags), lower(artist) and lower(genre) joined by newlines, kept by a trigger; searched through a trigram index. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The beat page's address, /beat/{slug}: made from the title by the database (trigger beats_slug_trg,
     * docs/decisions/0020-beat-pages.md), which replaces whatever an insert gives; a rename moves the old one to
     * beat_slug_history.
     */
    slug: text('slug').notNull().$default(() => ''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('beats_type_valid', sql`${t.beatType} in ('Exclusive', 'Non-Exclusive')`),
    check('beats_price_non_negative', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('beats_bpm_range', sql`${t.bpm} between 20 and 400`),
    check('beats_min_offer_positive', sql`${t.minOfferCents} is null or ${t.minOfferCents} > 0`),
    index('beats_listing_idx')
      .on(t.beatType, t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.soldAt} is null and ${t.previewKey} is not null`),
    check('beats_audio_state_valid', sql`${t.audioState} in ('rendering', 'ready', 'failed')`),
    index('beats_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The catalog without a type; the admin's beats list with and without one; the per-beat analytics' search
    // (docs/decisions/0015-query-plans.md).
    index('beats_listed_newest_idx')
      .on(t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.soldAt} is null and ${t.previewKey} is not null`),
    index('beats_admin_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('beats_admin_type_newest_idx')
      .on(t.beatType, t.createdAt.desc().nullsFirst(), t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('beats_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The analytics' per-beat table sorted by title or plays, either way (docs/decisions/0015-query-plans.md).
    index('beats_title_asc_idx').on(sql`lower(${t.title})`, t.id),
    index('beats_title_desc_idx').on(sql`lower(${t.title}) desc`, t.id),
    index('beats_plays_asc_idx').on(t.playCount, t.id),
    index('beats_plays_desc_idx').on(t.playCount.desc().nullsFirst(), t.id),
    // The catalog's filters and sorts (docs/decisions/0021-catalog-filters.md).
    check('beats_musical_key_valid', sql`${t.musicalKey} is null or ${t.musicalKey} in (${sql.raw(musicalKeys.map((k) => `'${k}'`).join(', '))})`),
    check('beats_moods_valid', sql`${t.moods} <@ ARRAY[${sql.raw(moods.map((m) => `'${m}'`).join(', '))}]::text[]`),
    // The countdown sweep every 30 seconds (docs/product/offers-and-prices.md#countdown).
    index('beats_countdown_idx').on(t.countdownEndTime).where(sql`${t.beatType} = 'Exclusive' and ${t.soldAt} is null`),
    // A beat page by its address, and its related beats walked from its tempo (docs/decisions/0020-beat-pages.md).
    uniqueIndex('beats_slug_key').on(t.slug),
    index('beats_related_bpm_idx')
      .on(t.bpm, t.id)
      .where(sql`${t.published} and ${t.soldAt} is null and ${t.previewKey} is not null`),
  ],
);

/** The slugs a renamed beat had before: /beat/{old} responds with 301 to its current page. */
export const beatSlugHistory = pgTable(
  'beat_slug_history',
  {
    slug: text('slug').primaryKey(),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('beat_slug_history_beat_idx').on(t.beatId)],
);

/**
 * The listed beats, narrow: what the catalog's filters, sorts and facets read (docs/decisions/0021-catalog-filters.md).
 * Kept by a trigger on beats (drizzle/0008); only `recentPlays` is written directly, by the hourly popularity refresh.
 */
export const listedBeats = pgTable(
  'listed_beats',
  {
    beatId: uuid('beat_id')
      .primaryKey()
      .references(() => beats.id, { onDelete: 'cascade' }),
    beatType: text('beat_type', { enum: beatTypes }).notNull(),
    releaseDate: timestamp('release_date', { withTimezone: true }).notNull(),
    category: text('category'),
    musicalKey: text('musical_key').$type<MusicalKey>(),
    /** One bit per mood, in the order of `moods` (bit 0: dark): see drizzle/0008's mood_bits(). */
    moodBits: integer('mood_bits').notNull(),
    bpm: integer('bpm').notNull(),
    priceCents: integer('price_cents'),
    hasStems: boolean('has_stems').notNull(),
    /** beats.search_text, so a search with filters reads only these rows. */
    searchText: text('search_text').notNull(),
    /** Plays in the last 30 days, as of the last hourly refresh: what the "popular" sort reads. */
    recentPlays: integer('recent_plays').notNull().default(0),
  },
  (t) => [
    check('listed_beats_recent_plays_non_negative', sql`${t.recentPlays} >= 0`),
    // One index per sort, walked from the cursor (backwards for a descending order); then the filters' own.
    // Each sort index also INCLUDEs the filter columns and recent_plays (migration 0010, which drizzle cannot declare),
    // so a long walk is an Index Only Scan (docs/decisions/0022-catalog-discovery-speed.md).
    index('listed_beats_newest_idx').on(t.releaseDate.desc().nullsFirst(), t.beatId.desc().nullsFirst()),
    index('listed_beats_type_newest_idx').on(t.beatType, t.releaseDate.desc().nullsFirst(), t.beatId.desc().nullsFirst()),
    index('listed_beats_popular_idx').on(t.recentPlays, t.beatId),
    index('listed_beats_price_asc_idx').on(sql`coalesce(${t.priceCents}, 2147483647)`, t.beatId),
    index('listed_beats_price_desc_idx').on(sql`coalesce(${t.priceCents}, -1)`, t.beatId),
    index('listed_beats_bpm_idx').on(t.bpm, t.beatId),
    index('listed_beats_key_idx').on(t.musicalKey),
    index('listed_beats_genre_idx').on(t.category),
    index('listed_beats_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
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
  (t) => [
    primaryKey({ columns: [t.userId, t.beatId] }),
    index('favorites_beat_idx').on(t.beatId),
    index('favorites_created_idx').on(t.createdAt),
  ],
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
  (t) => [index('plays_beat_idx').on(t.beatId), index('plays_created_idx').on(t.createdAt), index('plays_user_idx').on(t.userId)],
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
  (t) => [index('session_logs_created_idx').on(t.createdAt), index('session_logs_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type BeatRow = typeof beats.$inferSelect;

// ── Accounts: e-mail, password recovery ───────────────────────────────────────────────

/** Every e-mail the product sends. The embedded default keeps them here (the outbox); with SMTP they are also sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The message as written when it has secrets, sealed; subject, text and html show them masked (adapters/mail/mail-secrets.ts). */
    sealed: text('sealed'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    // Retention looks at sent or failed mail only (docs/background-jobs.md#retention).
    index('mail_outbox_finished_idx').on(t.createdAt).where(sql`${t.sentAt} is not null or ${t.error} is not null`),
  ],
);

/** One-time codes for password recovery, stored hashed (docs/product/accounts.md#password-recovery). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_codes_user_idx').on(t.userId, t.createdAt.desc()),
    index('otp_codes_expires_idx').on(t.expiresAt),
    index('otp_codes_used_idx').on(t.usedAt),
  ],
);

/** Short-lived tokens that /verifyotp returns and /api/changenewpassword requires, stored hashed. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('reset_tokens_user_idx').on(t.userId),
    index('reset_tokens_expires_idx').on(t.expiresAt),
    index('reset_tokens_used_idx').on(t.usedAt),
  ],
);

// ── Commerce ──────────────────────────────────────────────────────────────────────────

const cartTable = <Extra extends Record<string, PgColumnBuilderBase>>(name: string, extra: Extra) =>
  pgTable(
    name,
    {
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      beatId: uuid('beat_id')
        .notNull()
        .references(() => beats.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
      ...extra,
    },
    (t) => [primaryKey({ columns: [t.userId, t.beatId] }), index(`${name}_beat_idx`).on(t.beatId)],
  );

/**
 * The store's licence tiers (docs/product/licenses.md#tiers): what each sells (its files), at what default price, in
 * which order. `lease` and `exclusive` are the store's fixed offers (docs/product/licenses.md#tiers), priced by each beat's own `price` (default_price_cents null).
 */
export const licenceTiers = pgTable(
  'licence_tiers',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    defaultPriceCents: integer('default_price_cents'),
    files: text('files', { enum: fileTypes }).array().notNull(),
    exclusive: boolean('exclusive').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('licence_tiers_key_valid', sql`${t.key} ~ '^[a-z][a-zA-Z0-9]{1,31}$'`),
    check('licence_tiers_files_valid', sql`cardinality(${t.files}) > 0 AND ${t.files} <@ ARRAY['mp3', 'wav', 'stems']::text[]`),
    check('licence_tiers_price_valid', sql`${t.defaultPriceCents} IS NULL OR ${t.defaultPriceCents} >= 0`),
  ],
);
export type LicenceTierRow = typeof licenceTiers.$inferSelect;

/** A beat's own price for a tier (null: the tier's default) and whether the beat offers it at all. */
export const beatTierPrices = pgTable(
  'beat_tier_prices',
  {
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    tier: text('tier')
      .notNull()
      .references(() => licenceTiers.key, { onDelete: 'cascade' }),
    priceCents: integer('price_cents'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'beat_tier_prices_pk', columns: [t.beatId, t.tier] }),
    index('beat_tier_prices_tier_idx').on(t.tier),
    check('beat_tier_prices_price_valid', sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
  ],
);
export type BeatTierPriceRow = typeof beatTierPrices.$inferSelect;

/** The beat cart: each item buys one licence tier of the beat (null: the beat's primary offer, MP3 lease or exclusive). */
export const cartItems = cartTable('cart_items', { tier: text('tier').references(() => licenceTiers.key) });
/** The stems cart: each item buys one beat's stems. */
export const stemsCartItems = cartTable('stems_cart_items', {});

/**
 * The coupon code kept with each of an account's carts (docs/product/deals.md#a-code-kept-with-the-cart): the code as
 * the buyer applied it, checked again by every quote and checkout, so a coupon deleted or expired since is simply refused.
 */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cart: text('cart', { enum: cartKinds }).notNull(),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cart] }),
    check('cart_coupons_cart_valid', sql`${t.cart} in ('beats', 'stems')`),
    check('cart_coupons_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);


/**
 * License terms, one row per version of an offer's terms (docs/product/licenses.md#terms). An edit adds a version;
 * sales point at the version they were made under, so no edit changes a sold license.
 */
export const licenceTerms = pgTable(
  'licence_terms',
  {
    id: serial('id').primaryKey(),
    /** A fixed offer (`stems`, `vipPlan`, `credit`) or a licence tier's key. */
    offer: text('offer').$type<LicenceOffer | TierKey>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    distributionCopies: integer('distribution_copies'),
    audioStreams: integer('audio_streams'),
    musicVideos: integer('music_videos'),
    radioStations: integer('radio_stations'),
    paidPerformances: integer('paid_performances'),
    creditRequired: boolean('credit_required').notNull(),
    exclusive: boolean('exclusive').notNull(),
    /** The producer's share of the publishing, in percent, or null when the terms say nothing of it. */
    publishingShare: integer('publishing_share'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('licence_terms_offer_version_idx').on(t.offer, t.version),
    check('licence_terms_offer_valid', sql`${t.offer} ~ '^[a-z][a-zA-Z0-9]{1,31}$'`),
    check('licence_terms_publishing_share_valid', sql`${t.publishingShare} IS NULL OR ${t.publishingShare} BETWEEN 0 AND 100`),
  ],
);
export type LicenceTermsRow = typeof licenceTerms.$inferSelect;

/** A hosted checkout: what was offered at which server-computed price, and where it stands. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The payment provider's session id (cs_…). */
    providerSessionId: text('provider_session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    sessionType: text('session_type', { enum: sessionTypes }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'no_payment_required', 'failed'] })
      .notNull()
      .default('unpaid'),
    paymentIntentId: text('payment_intent_id'),
    url: text('url').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** The coupon the checkout was opened with, and its code as typed (docs/product/deals.md). */
    couponId: uuid('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** The bulk deal in force when it opened, as its lines say it ("Buy 2 get 1"); null when none applied. */
    bulkDeal: text('bulk_deal'),
    /**
     * What the checkout buys, as one key (session type, items, coupon): a buyer has one open checkout per key
     * (docs/product/offers-and-prices.md#one-open-checkout-per-order). Null once it no longer answers for its items.
     */
    itemsKey: text('items_key'),
  },
  (t) => [
    uniqueIndex('checkouts_provider_session_key').on(t.provider, t.providerSessionId),
    uniqueIndex('checkouts_open_items_key')
      .on(t.userId, t.itemsKey)
      .where(sql`${t.itemsKey} is not null and ${t.status} = 'open' and ${t.fulfilledAt} is null`),
    index('checkouts_user_idx').on(t.userId),
    // Reconciliation's unsettled checkouts, oldest first (docs/product/offers-and-prices.md#reconciliation).
    index('checkouts_unsettled_idx').on(t.createdAt).where(sql`${t.fulfilledAt} is null and ${t.status} <> 'expired'`),
  ],
);


export const checkoutItems = pgTable(
  'checkout_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: purchaseKinds }).notNull(),
    beatId: uuid('beat_id').references(() => beats.id, { onDelete: 'set null' }),
    /** Title at the time of sale, so the books read right after edits and deletions. */
    title: text('title').notNull(),
    /** What is charged for the line: the list price less what the deals took off (docs/product/deals.md). */
    priceCents: integer('price_cents').notNull(),
    /** The line's price before any deal (an upgrade's price for a lease holder). */
    listPriceCents: integer('list_price_cents').notNull(),
    /** Taken off by the bulk deal, then by the coupon. */
    bulkCents: integer('bulk_cents').notNull().default(0),
    couponCents: integer('coupon_cents').notNull().default(0),
    /** The license terms shown before payment and sold with it (docs/product/licenses.md#terms). */
    termsId: integer('terms_id').references(() => licenceTerms.id),
    /** The licence tier sold (docs/product/licenses.md#tiers); null for stems and the VIP plan. */
    tier: text('tier').references(() => licenceTiers.key),
    /** An upgrade: the buyer's licence of the beat this one replaces, whose price was taken off (docs/product/licenses.md#upgrades). */
    upgradesPurchaseId: uuid('upgrades_purchase_id').references((): AnyPgColumn => purchases.id, { onDelete: 'set null' }),
  },
  (t) => [index('checkout_items_checkout_idx').on(t.checkoutId), index('checkout_items_beat_idx').on(t.beatId)],
);

/** One row per thing bought: the books. Kept when a user or beat is deleted. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    sessionType: text('session_type', { enum: sessionTypes }).notNull(),
    kind: text('kind', { enum: purchaseKinds }).notNull(),
    beatId: uuid('beat_id').references(() => beats.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The license's public id, 96 random bits in six groups of four hex digits (docs/product/licenses.md). */
    licenceId: text('licence_id').notNull().default(sql`new_licence_id()`),
    /** The version of the license terms sold (docs/product/licenses.md#terms). */
    termsId: integer('terms_id').references(() => licenceTerms.id),
    /** Replaced by an upgrade to the exclusive of the same beat: the license reads `superseded` from then on. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => purchases.id, { onDelete: 'set null' }),
    /** The licence tier sold (docs/product/licenses.md#tiers); null for stems and the VIP plan. */
    tier: text('tier').references(() => licenceTiers.key),
  },
  (t) => [
    uniqueIndex('purchases_licence_id_idx').on(t.licenceId),
    // A buyer's history and the ledger, newest first with the id as tie-break (docs/decisions/0015-query-plans.md).
    index('purchases_user_idx').on(t.userId, t.purchasedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('purchases_purchased_at_idx').on(t.purchasedAt, t.id),
    // A buyer's purchased beats, each beat once at its latest purchase: the check for a newer purchase of the same beat.
    index('purchases_owner_beat_idx').on(t.userId, t.beatId, t.kind, t.purchasedAt, t.id).where(sql`${t.refundedAt} is null`),
    index('purchases_beat_idx').on(t.beatId),
    index('purchases_checkout_idx').on(t.checkoutId),
    // The purchase an upgrade replaced, joined to each row of the buyer's history; only upgraded purchases have one.
    index('purchases_superseded_by_idx').on(t.supersededBy).where(sql`${t.supersededBy} is not null`),
    index('purchases_buyer_name_trgm_idx').using('gin', t.buyerName.op('gin_trgm_ops')),
    index('purchases_buyer_email_trgm_idx').using('gin', t.buyerEmail.op('gin_trgm_ops')),
    index('purchases_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Stripe (and the built-in test checkout) may deliver an event more than once: each is processed once. */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_checkout_idx').on(t.checkoutId), index('refunds_pending_idx').on(t.checkoutId).where(sql`${t.providerRefundId} is null`)],
);

// ── Entitlements and downloads ───────────────────────────────────────────────────────


/**
 * What a user owns per beat, by how it was obtained (docs/product/entitlements.md): lease → mp3; credit → mp3+wav;
 * stems → stems; exclusive → all. VIP (user type) and isStemsAvailable (user flag) are not rows.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    /** How it was obtained: an entitlement source, or the key of the licence tier bought (docs/product/entitlements.md). */
    source: text('source').$type<EntitlementSource | TierKey>().notNull(),
    /** The tier's files as sold (a later edit of the tier never changes a sold licence); null: the source's files. */
    files: text('files', { enum: fileTypes }).array(),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    /** A credit unlock's license terms, as they stood when it was unlocked (docs/product/licenses.md#terms). */
    termsId: integer('terms_id').references(() => licenceTerms.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.beatId, t.source] }),
    index('entitlements_beat_idx').on(t.beatId),
    index('entitlements_purchase_idx').on(t.purchaseId),
  ],
);

/** Credits spent, one row per unlock (analytics: credits spent). */
export const creditSpends = pgTable(
  'credit_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    beatId: uuid('beat_id').references(() => beats.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_spends_created_idx').on(t.createdAt),
    index('credit_spends_user_idx').on(t.userId),
    index('credit_spends_beat_idx').on(t.beatId),
  ],
);

export const downloads = pgTable(
  'downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    beatId: uuid('beat_id').references(() => beats.id, { onDelete: 'set null' }),
    fileType: text('file_type', { enum: fileTypes }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_created_idx').on(t.createdAt), index('downloads_beat_idx').on(t.beatId), index('downloads_user_idx').on(t.userId)],
);

/**
 * One request for a free download (docs/product/free-downloads.md): the address (lower case), the beat, whether its
 * owner asked for news (`consent`), when they confirmed that by following the e-mailed link, and when the address
 * unsubscribed (set on every row of the address, which is then never mailed again).
 */
export const freeDownloadLeads = pgTable(
  'free_download_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    consent: boolean('consent').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    check('free_download_leads_email_lower', sql`${t.email} = lower(${t.email})`),
    check('free_download_leads_confirmed_needs_consent', sql`${t.confirmedAt} is null or ${t.consent}`),
    index('free_download_leads_email_idx').on(t.email, t.beatId, t.createdAt.desc()),
    index('free_download_leads_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('free_download_leads_beat_idx').on(t.beatId),
  ],
);
export type FreeDownloadLeadRow = typeof freeDownloadLeads.$inferSelect;

// ── Deals ────────────────────────────────────────────────────────────────────────────

/** A coupon code (docs/product/deals.md#coupons). Deleting a used coupon only sets deleted_at: its checkouts keep it. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind', { enum: couponKinds }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    scope: text('scope', { enum: couponScopes }).notNull().default('store'),
    beatIds: uuid('beat_ids').array().notNull().default(sql`'{}'::uuid[]`),
    offers: text('offers', { enum: couponOffers }).array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    perBuyerLimit: integer('per_buyer_limit'),
    minimumOrderCents: integer('minimum_order_cents'),
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code).where(sql`${t.deletedAt} is null`),
    check('coupons_kind_valid', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_scope_valid', sql`${t.scope} in ('store', 'beats', 'offers')`),
    check(
      'coupons_amount_valid',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0)`,
    ),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;

export const redemptionStates = ['held', 'redeemed', 'released'] as const;

/**
 * One checkout's use of a coupon: held while the checkout is open, redeemed once paid, released when it expires or is
 * refunded in full (docs/product/deals.md#redemptions). One per checkout.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** Taken before the checkout row is written (so a refused code opens no provider session): no foreign key. */
    checkoutId: uuid('checkout_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull(),
    state: text('state', { enum: redemptionStates }).notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_key').on(t.checkoutId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.userId).where(sql`${t.state} <> 'released'`),
    check('coupon_redemptions_state_valid', sql`${t.state} in ('held', 'redeemed', 'released')`),
  ],
);
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;

// ── Admin ────────────────────────────────────────────────────────────────────────────

/** Every admin change: who, what, when, before/after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('audit_log_actor_idx').on(t.actorId)],
);

/**
 * Per-beat totals of the analytics' per-beat table (favourites; sales and revenue of purchases not refunded), one row
 * per beat, kept by triggers on beats, favorites and purchases in the writer's own transaction, so the table can be
 * sorted by any of them through an index (docs/decisions/0015-query-plans.md).
 */
export const beatStats = pgTable(
  'beat_stats',
  {
    beatId: uuid('beat_id')
      .primaryKey()
      .references(() => beats.id, { onDelete: 'cascade' }),
    favourites: integer('favourites').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  // Each sort runs both ways with the beat id as tie-break in the same direction: one index, walked either way.
  (t) => [
    index('beat_stats_favourites_asc_idx').on(t.favourites, t.beatId),
    index('beat_stats_sales_asc_idx').on(t.sales, t.beatId),
    index('beat_stats_revenue_asc_idx').on(t.revenueCents, t.beatId),
  ],
);

/**
 * Day totals (UTC days) of the analytics series and of the admin lists' totals, appended by triggers on every
 * counted table in the writer's own transaction and folded into one row per day by `compact_daily_totals()`
 * (migration 0006, docs/decisions/0015-query-plans.md#day-totals). A day's numbers are the sum of its rows.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    beatPurchase: integer('beat_purchase').notNull().default(0),
    stems: integer('stems').notNull().default(0),
    exclusive: integer('exclusive').notNull().default(0),
    vipPlan: integer('vip_plan').notNull().default(0),
    /** Every ledger row, refunded or not. */
    purchases: integer('purchases').notNull().default(0),
    newUsers: integer('new_users').notNull().default(0),
    /** Beats by the day they were added: all, not deleted, and the exclusives not deleted. */
    beats: integer('beats').notNull().default(0),
    liveBeats: integer('live_beats').notNull().default(0),
    liveExclusives: integer('live_exclusives').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    creditsSpent: integer('credits_spent').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    sessionSeconds: bigint('session_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('daily_totals_day_idx').on(t.day)],
);

/**
 * A buyer's offer on an exclusive (docs/product/exclusive-offers.md): their amount, the producer's counter, the amount
 * agreed and until when it can be paid. A buyer has at most one live offer (open, countered, accepted) per beat.
 */
export const exclusiveOffers = pgTable(
  'exclusive_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    message: text('message'),
    counterCents: integer('counter_cents'),
    counterMessage: text('counter_message'),
    /** What the checkout charges once accepted: the offer's amount or the counter's. */
    agreedCents: integer('agreed_cents'),
    state: text('state', { enum: exclusiveOfferStates }).notNull().default('open'),
    declinedBy: text('declined_by', { enum: ['producer', 'buyer'] }),
    /** An accepted offer can be paid until then; the exclusive is held for its buyer until then too. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The latest checkout opened to pay it: its payment makes the offer paid. */
    checkoutId: uuid('checkout_id').references((): AnyPgColumn => checkouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exclusive_offers_state_valid', sql`${t.state} in (${sql.raw(exclusiveOfferStates.map((s) => `'${s}'`).join(', '))})`),
    check(
      'exclusive_offers_amounts_positive',
      sql`${t.amountCents} > 0 and (${t.counterCents} is null or ${t.counterCents} > 0) and (${t.agreedCents} is null or ${t.agreedCents} > 0)`,
    ),
    check('exclusive_offers_declined_by_valid', sql`${t.declinedBy} is null or ${t.declinedBy} in ('producer', 'buyer')`),
    uniqueIndex('exclusive_offers_one_live_key')
      .on(t.buyerId, t.beatId)
      .where(sql`${t.state} in ('open', 'countered', 'accepted')`),
    index('exclusive_offers_buyer_idx').on(t.buyerId, t.createdAt),
    index('exclusive_offers_beat_idx').on(t.beatId),
    index('exclusive_offers_created_idx').on(t.createdAt),
    index('exclusive_offers_checkout_idx').on(t.checkoutId),
  ],
);
export type ExclusiveOfferRow = typeof exclusiveOffers.$inferSelect;

export type CheckoutRow = typeof checkouts.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;


// ── Background jobs and the audio pipeline ─────────────────────────────────────────────

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Durable background work (docs/background-jobs.md). A worker claims a queued row with
 * FOR UPDATE SKIP LOCKED and holds a lease it keeps renewing; a lease that runs out (a crashed
 * process) puts the job back in the queue.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Lower runs first. */
    priority: integer('priority').notNull().default(0),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** At most one queued job per (queue, singleton key). */
    singletonKey: text('singleton_key'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_status_valid', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_ready_idx').on(t.priority, t.runAt, t.id).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
    uniqueIndex('jobs_singleton_key').on(t.queue, t.singletonKey).where(sql`${t.status} = 'queued' and ${t.singletonKey} is not null`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/** The store-wide settings: one row. Every change of the tag or its placement bumps `version`. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The admin's uploaded tag; null means the built-in generated tag. */
    tagKey: text('tag_key'),
    tagFileName: text('tag_file_name'),
    tagInfo: jsonb('tag_info').$type<Mp3Info | WavInfo>(),
    tagFirstOffsetSeconds: real('tag_first_offset_seconds').notNull().default(3),
    tagIntervalSeconds: real('tag_interval_seconds').notNull().default(25),
    tagLevelDb: real('tag_level_db').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Every admin gets a "New sale" e-mail for each paid order (docs/product/offers-and-prices.md#new-sale-e-mails). */
    saleNotices: boolean('sale_notices').notNull().default(true),
    /** The bulk deal on MP3 leases, "Buy N get M free" (docs/product/deals.md#bulk-deal); off by default. */
    bulkDealEnabled: boolean('bulk_deal_enabled').notNull().default(false),
    bulkDealBuy: integer('bulk_deal_buy').notNull().default(2),
    bulkDealFree: integer('bulk_deal_free').notNull().default(1),
  },
  (t) => [check('store_settings_single_row', sql`${t.id} = 1`)],
);
export type StoreSettingsRow = typeof storeSettings.$inferSelect;

/** The store's own pages, Markdown the admin edits (docs/product/store-pages.md). */
export const storePages = pgTable(
  'store_pages',
  {
    slug: text('slug').primaryKey(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_pages_slug_valid', sql`${t.slug} in ('about', 'faq', 'terms', 'privacy', 'refund-policy')`),
    check('store_pages_body_length', sql`char_length(${t.body}) between 1 and 20000`),
  ],
);
export type StorePageRow = typeof storePages.$inferSelect;

/** The /vip intro video, its poster and captions (docs/product/store-pages.md#intro-video). One row. */
export const introVideo = pgTable(
  'intro_video',
  {
    id: integer('id').primaryKey().default(1),
    videoKey: text('video_key'),
    videoType: text('video_type').$type<'video/mp4' | 'video/webm'>(),
    posterKey: text('poster_key'),
    posterType: text('poster_type'),
    captionsKey: text('captions_key'),
    /** Rendered by the store from a demo beat, not uploaded. */
    generated: boolean('generated').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('intro_video_single_row', sql`${t.id} = 1`),
    check('intro_video_type_valid', sql`${t.videoType} is null or ${t.videoType} in ('video/mp4', 'video/webm')`),
  ],
);
export type IntroVideoRow = typeof introVideo.$inferSelect;

/**
 * Finished renders by content: the same source audio with the same tag settings renders once and
 * is shared (the demo store reuses 24 tracks across 340 beats).
 */
export const previewRenders = pgTable('preview_renders', {
  renderKey: text('render_key').primaryKey(),
  previewKey: text('preview_key').notNull(),
  waveformKey: text('waveform_key').notNull(),
  durationSeconds: real('duration_seconds').notNull(),
  loudnessLufs: real('loudness_lufs'),
  createdAt: createdAt(),
});

/** The last counted play per listener and beat: a play counts at most once per 10 minutes. */
export const playListens = pgTable(
  'play_listens',
  {
    /** HMAC of the user id, or of the address for a visitor: no raw addresses are kept. */
    listener: text('listener').notNull(),
    beatId: uuid('beat_id')
      .notNull()
      .references(() => beats.id, { onDelete: 'cascade' }),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.listener, t.beatId] }), index('play_listens_counted_idx').on(t.countedAt)],
);

/**
 * The catalog's version: one row, bumped by triggers on `beats` in the same transaction as any write that
 * public catalog responses can show, so every server process keys its cached responses alike (docs/decisions/0016-catalog-cache.md).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    /** Listed Non-Exclusive beats, kept by triggers (drizzle/0019_vip_catalog_size.sql). */
    vipCatalogSize: bigint('vip_catalog_size', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);
