import { z } from 'zod';

export const beatTypes = ['Exclusive', 'Non-Exclusive'] as const;
export const beatTypeSchema = z.enum(beatTypes);
export type BeatType = z.infer<typeof beatTypeSchema>;

export const categories = ['Electronic', 'Hip Hop', 'Rock', 'Jazz'] as const;

/**
 * A beat with its fields as the API names them (docs/product/catalog-and-search.md#listing). File links are never public: `mp3FileLink`,
 * `wavFileLink` and `zipFileLink` are null when the beat has no such file and otherwise name
 * a protected route that checks the caller's entitlement. `streamingMp3FileLink` is the public preview.
 */
export const beatSchema = z.object({
  _id: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  category: z.string().nullable(),
  bpm: z.number().int(),
  releaseDate: z.string(),
  tags: z.array(z.string()),
  price: z.number().nullable(),
  beatType: beatTypeSchema,
  countdownEndTime: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** The tagged preview; null while the beat has none (admin lists only: listed beats always have one). */
  streamingMp3FileLink: z.string().nullable(),
  /** Waveform peaks of the preview (waveform-data JSON). */
  waveformLink: z.string().nullable(),
  mp3FileLink: z.string().nullable(),
  wavFileLink: z.string().nullable(),
  zipFileLink: z.string().nullable(),
  hasStems: z.boolean(),
  purchasedAt: z.string().optional(),
});
export type Beat = z.infer<typeof beatSchema>;

export const beatsResponse = z.object({ beats: z.array(beatSchema) });
export type BeatsResponse = z.infer<typeof beatsResponse>;

export const beatPageQuery = z.object({
  q: z.string().max(100, 'Search text must be at most 100 characters').optional(),
  type: beatTypeSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50),
  cursor: z.string().max(200).optional(),
});
export type BeatPageQuery = z.input<typeof beatPageQuery>;

export const beatPageResponse = z.object({
  beats: z.array(beatSchema),
  nextCursor: z.string().nullable(),
});
export type BeatPage = z.infer<typeof beatPageResponse>;

export const userBeatBody = z.object({
  userId: z.string({ error: 'userId is required' }).uuid('userId is not a valid id'),
  beatId: z.string({ error: 'beatId is required' }).uuid('beatId is not a valid id'),
});
export type UserBeatBody = z.infer<typeof userBeatBody>;

export const playBody = z.object({
  userId: z.string().uuid('userId is not a valid id').optional(),
  beatId: z.string({ error: 'beatId is required' }).uuid('beatId is not a valid id'),
  playbackTime: z
    .number({ error: 'playbackTime must be a number of seconds' })
    .min(0, 'playbackTime cannot be negative')
    .max(60 * 60 * 6, 'playbackTime is too long'),
});
export const playResponse = z.object({ counted: z.boolean() });

