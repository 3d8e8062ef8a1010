/** Free downloads for an e-mail address (docs/product/free-downloads.md): the request, its answer and the admin's Leads list. */
import { z } from 'zod';
import { adminPageQuery } from './admin.js';
import { emailField } from './user.js';

export { freeDownloadWords } from './messages.js';

export const freeDownloadBody = z.object({
  email: emailField,
  consent: z.boolean({ error: 'consent must be true or false' }).default(false),
});
export type FreeDownloadBody = z.input<typeof freeDownloadBody>;

export const freeDownloadResponse = z.object({ message: z.string() });
export type FreeDownloadAnswer = z.infer<typeof freeDownloadResponse>;

/** Where a lead stands with the mailing list. */
export const leadStates = ['no-consent', 'awaiting-confirmation', 'confirmed', 'unsubscribed'] as const;
export type LeadState = (typeof leadStates)[number];

export const leadSchema = z.object({
  id: z.string(),
  email: z.string(),
  beatId: z.string(),
  beatTitle: z.string(),
  consent: z.boolean(),
  state: z.enum(leadStates),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadsQuery = adminPageQuery.omit({ q: true });
export type LeadsQuery = z.input<typeof leadsQuery>;
export const leadsPageResponse = z.object({
  leads: z.array(leadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type LeadsPage = z.infer<typeof leadsPageResponse>;
