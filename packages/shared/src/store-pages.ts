/**
 * The store's own pages (About, FAQ, Terms of Service, Privacy Policy, Refund Policy) and the /vip intro
 * video: docs/product/store-pages.md.
 */
import { z } from 'zod';
import { MEGABYTE } from './admin.js';
import { storePageSlugs } from './store-pages-words.js';

/** A page's Markdown, in characters (docs/product/store-pages.md#editing). */
export const STORE_PAGE_MAX_CHARS = 20_000;

export const storePageParams = z.object({
  slug: z.enum(storePageSlugs, { error: `No such store page: use ${storePageSlugs.join(', ')}.` }),
});

export const storePageBody = z.object({
  body: z
    .string({ error: 'The page text must be a string of Markdown.' })
    .max(STORE_PAGE_MAX_CHARS, `The page text must be at most ${STORE_PAGE_MAX_CHARS.toLocaleString('en-US')} characters.`)
    .refine((text) => text.trim().length > 0, 'Write the page text: a page cannot be empty.'),
});
export type StorePageBody = z.infer<typeof storePageBody>;

export const storePageResponse = z.object({
  slug: z.enum(storePageSlugs),
  title: z.string(),
  /** Markdown, as the admin wrote it; the web app renders it without raw HTML. */
  body: z.string(),
  updatedAt: z.string(),
});
export type StorePage = z.infer<typeof storePageResponse>;

export const storePagesResponse = z.object({ pages: z.array(storePageResponse) });
export type StorePages = z.infer<typeof storePagesResponse>;

/** The intro video's parts as form fields, and what each may be (checked by content, never by name). */
export const introVideoFields = { video: 'videoFile', poster: 'posterFile', captions: 'captionsFile' } as const;
export const introVideoLimits = {
  video: { maxBytes: 50 * MEGABYTE, label: 'MP4 or WebM', accept: '.mp4,.webm,video/mp4,video/webm' },
  poster: { maxBytes: 5 * MEGABYTE, label: 'JPEG, PNG or WebP', accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp' },
  captions: { maxBytes: 512 * 1024, label: 'WebVTT', accept: '.vtt,text/vtt' },
} as const;
export type IntroVideoPart = keyof typeof introVideoLimits;

export const introVideoTypes = ['video/mp4', 'video/webm'] as const;

export const introVideoResponse = z.object({
  /** Null until a video is uploaded or the store's own has been rendered. */
  video: z.object({ url: z.string(), type: z.enum(introVideoTypes) }).nullable(),
  posterUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /** True for the video the store rendered itself from a demo beat; false for an admin's upload. */
  generated: z.boolean(),
  /** The store's own video is being rendered. */
  rendering: z.boolean(),
});
export type IntroVideo = z.infer<typeof introVideoResponse>;
