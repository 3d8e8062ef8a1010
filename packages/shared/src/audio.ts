/** The audio pipeline's contract: what decoding found in each file, a beat's audio state, the store's tag settings and waveforms. */
import { z } from 'zod';

export const mp3InfoSchema = z.object({
  format: z.literal('mp3'),
  bitrateKbps: z.number(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
  durationSeconds: z.number(),
  vbr: z.boolean(),
});
export type Mp3Info = z.infer<typeof mp3InfoSchema>;

export const wavInfoSchema = z.object({
  format: z.literal('wav'),
  sampleRate: z.number().int(),
  bitDepth: z.number().int(),
  channels: z.number().int(),
  durationSeconds: z.number(),
});
export type WavInfo = z.infer<typeof wavInfoSchema>;

export const stemsInfoSchema = z.object({
  format: z.literal('zip'),
  stems: z.array(z.object({ name: z.string(), format: z.string(), durationSeconds: z.number().nullable() })),
});
export type StemsInfo = z.infer<typeof stemsInfoSchema>;

export const beatFileInfoSchema = z.object({
  mp3: mp3InfoSchema.optional(),
  wav: wavInfoSchema.optional(),
  stems: stemsInfoSchema.optional(),
});
export type BeatFileInfoDto = z.infer<typeof beatFileInfoSchema>;

/** rendering: queued or in progress; ready: the preview matches the store's current tag settings; failed: see audioError. */
export const audioStates = ['rendering', 'ready', 'failed'] as const;
export const audioStateSchema = z.enum(audioStates);
export type AudioStateDto = z.infer<typeof audioStateSchema>;

/** Where the tag goes and how loud it is, relative to the beat's own loudness. */
export const tagPlacementLimits = {
  firstOffsetSeconds: { min: 0, max: 60, default: 3 },
  intervalSeconds: { min: 5, max: 120, default: 25 },
  levelDb: { min: -24, max: 6, default: 0 },
} as const;
export const TAG_MAX_SECONDS = 30;
export const tagFileField = 'tagFile';

/**
 * Kept to the thousandth (a millisecond, a thousandth of a dB: docs/audio-pipeline.md#the-tag): finer
 * values mean nothing to the ear, and one too small for the database's 4-byte float (1e-50) is zero.
 */
const toThousandths = (value: number) => Math.round(value * 1000) / 1000 || 0;

const limited = (name: string, unit: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, `${name} must be a number`)
    .min(limits.min, `${name} must be between ${limits.min} and ${limits.max} ${unit}`)
    .max(limits.max, `${name} must be between ${limits.min} and ${limits.max} ${unit}`)
    .overwrite(toThousandths);

export const tagPlacementBody = z.object({
  firstOffsetSeconds: limited('First tag', 'seconds', tagPlacementLimits.firstOffsetSeconds),
  intervalSeconds: limited('Interval', 'seconds', tagPlacementLimits.intervalSeconds),
  levelDb: limited('Tag level', 'dB', tagPlacementLimits.levelDb),
});
export type TagPlacement = z.infer<typeof tagPlacementBody>;

export const previewProgressSchema = z.object({
  /** Beats that have a preview: every beat not deleted. */
  total: z.number().int(),
  /** Of those, rendered with the current settings. */
  rendered: z.number().int(),
  failed: z.number().int(),
});
export type PreviewProgress = z.infer<typeof previewProgressSchema>;

/** "412 of 10,330 previews rendered" */
export function previewProgressText(p: Pick<PreviewProgress, 'rendered' | 'total'>): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(p.rendered)} of ${n(p.total)} previews rendered`;
}

export const storeSettingsResponse = z.object({
  tag: z.object({
    /** false: the store's built-in generated tag. */
    custom: z.boolean(),
    fileName: z.string(),
    info: z.union([mp3InfoSchema, wavInfoSchema]).nullable(),
    durationSeconds: z.number(),
    /** Admin-only link to hear the tag. */
    url: z.string(),
  }),
  placement: tagPlacementBody,
  version: z.number().int(),
  progress: previewProgressSchema,
  /** Admins get a "New sale" e-mail for each paid order. */
  saleNotices: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsResponse>;

export const saleNoticesBody = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type SaleNoticesBody = z.infer<typeof saleNoticesBody>;

/** waveform-data / audiowaveform JSON (version 2, 8-bit, one channel): min/max pairs. */
export const waveformResponse = z.object({
  version: z.literal(2),
  channels: z.literal(1),
  sample_rate: z.number().int(),
  samples_per_pixel: z.number().int(),
  bits: z.literal(8),
  length: z.number().int(),
  data: z.array(z.number().int()),
});
export type Waveform = z.infer<typeof waveformResponse>;
