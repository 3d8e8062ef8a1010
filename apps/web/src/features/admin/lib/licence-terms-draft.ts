/**
 * Admin → Licenses' form values: the terms as the admin types them (numbers as text, each with its "Unlimited" box),
 * the body they turn into, and the short list buyers will read for them (docs/product/licenses.md#terms).
 */
import { licenceNumbersSchema, licenceSummaryLines, type LicenceNumbers, type TierTerms, type UpdateLicenceTermsBody } from '@beat/shared';

/** The counts a license allows, in the order the form asks for them. */
export const allowanceFields = [
  { key: 'distributionCopies', label: 'Distribution copies' },
  { key: 'audioStreams', label: 'Audio streams' },
  { key: 'musicVideos', label: 'Music videos' },
  { key: 'radioStations', label: 'Radio stations' },
  { key: 'paidPerformances', label: 'Paid performances' },
] as const;
export type AllowanceKey = (typeof allowanceFields)[number]['key'];

export interface AllowanceDraft {
  /** What the number input holds; kept while "Unlimited" is ticked, so unticking brings it back. */
  value: string;
  unlimited: boolean;
}

export interface LicenceTermsDraft {
  title: string;
  body: string;
  allowances: Record<AllowanceKey, AllowanceDraft>;
  creditRequired: boolean;
  exclusive: boolean;
  /** The producer's publishing share in percent as typed; empty: the terms say nothing of it. */
  publishingShare: string;
}

/** The draft's fields a number is typed into, each of which may be refused before sending. */
export type NumberKey = AllowanceKey | 'publishingShare';

export function toDraft(terms: TierTerms): LicenceTermsDraft {
  const allowance = (n: number | null): AllowanceDraft => ({ value: n === null ? '' : String(n), unlimited: n === null });
  return {
    title: terms.title,
    body: terms.body,
    allowances: {
      distributionCopies: allowance(terms.distributionCopies),
      audioStreams: allowance(terms.audioStreams),
      musicVideos: allowance(terms.musicVideos),
      radioStations: allowance(terms.radioStations),
      paidPerformances: allowance(terms.paidPerformances),
    },
    creditRequired: terms.creditRequired,
    exclusive: terms.exclusive,
    publishingShare: terms.publishingShare === null || terms.publishingShare === undefined ? '' : String(terms.publishingShare),
  };
}

/** One count as the API takes it (null: unlimited), or why it cannot be sent yet. */
function parseAllowance(key: AllowanceKey, label: string, draft: AllowanceDraft): { value: number | null } | { error: string } {
  if (draft.unlimited) return { value: null };
  // An empty box would be sent as null (unlimited) by JSON: it is refused here instead.
  if (draft.value.trim() === '') return { error: `Enter ${label.toLowerCase()} as a whole number (0: not allowed), or tick Unlimited.` };
  const checked = licenceNumbersSchema.shape[key].safeParse(Number(draft.value));
  return checked.success ? { value: checked.data } : { error: checked.error.issues[0]?.message ?? `${label} must be a whole number` };
}

/** The publishing share as the API takes it (null: not stated), or why it cannot be sent. */
function parsePublishingShare(text: string): { value: number | null } | { error: string } {
  if (text.trim() === '') return { value: null };
  const checked = licenceNumbersSchema.shape.publishingShare.safeParse(Number(text));
  return checked.success ? { value: checked.data ?? null } : { error: checked.error.issues[0]?.message ?? 'publishingShare must be a percent from 0 to 100' };
}

export type ParsedDraft = { ok: true; body: UpdateLicenceTermsBody } | { ok: false; errors: Partial<Record<NumberKey, string>> };

/**
 * The PUT body of a draft. The numbers are checked here, with the shared schema's words; the title and the body
 * (placeholders included) are the server's to judge, and its message is shown as it is.
 */
export function parseDraft(draft: LicenceTermsDraft): ParsedDraft {
  const numbers: Partial<Record<AllowanceKey, number | null>> = {};
  const errors: Partial<Record<NumberKey, string>> = {};
  for (const { key, label } of allowanceFields) {
    const parsed = parseAllowance(key, label, draft.allowances[key]);
    if ('error' in parsed) errors[key] = parsed.error;
    else numbers[key] = parsed.value;
  }
  const share = parsePublishingShare(draft.publishingShare);
  if ('error' in share) errors.publishingShare = share.error;
  if (Object.keys(errors).length > 0 || 'error' in share) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title: draft.title,
      body: draft.body,
      ...(numbers as Record<AllowanceKey, number | null>),
      creditRequired: draft.creditRequired,
      exclusive: draft.exclusive,
      publishingShare: share.value,
    },
  };
}

/** Whether saving the draft would change the terms in force (a draft that cannot be sent yet counts as a change). */
export function draftChanges(draft: LicenceTermsDraft, terms: TierTerms): boolean {
  const parsed = parseDraft(draft);
  if (!parsed.ok) return true;
  const body = parsed.body;
  return (
    body.title !== terms.title ||
    body.body !== terms.body ||
    body.creditRequired !== terms.creditRequired ||
    body.exclusive !== terms.exclusive ||
    body.publishingShare !== (terms.publishingShare ?? null) ||
    allowanceFields.some(({ key }) => body[key] !== terms[key])
  );
}

export interface PreviewLine {
  text: string;
  /** The count is not a whole number yet: the line says so instead of guessing. */
  pending: boolean;
}

/** The short list buyers would read for the draft: `licenceSummaryLines`, with a note where a count is not readable yet. */
export function previewLines(draft: LicenceTermsDraft): PreviewLine[] {
  const numbers: LicenceNumbers = {
    distributionCopies: 0,
    audioStreams: 0,
    musicVideos: 0,
    radioStations: 0,
    paidPerformances: 0,
    creditRequired: draft.creditRequired,
    exclusive: draft.exclusive,
  };
  const share = parsePublishingShare(draft.publishingShare);
  if ('value' in share) numbers.publishingShare = share.value;
  const pending: { key: AllowanceKey; label: string }[] = [];
  for (const field of allowanceFields) {
    const parsed = parseAllowance(field.key, field.label, draft.allowances[field.key]);
    if ('error' in parsed) pending.push(field);
    else numbers[field.key] = parsed.value;
  }
  const lines = licenceSummaryLines(numbers);
  const pendingLabels = new Map<number, string>();
  for (const { key, label } of pending) {
    // The line of this count is the one that changes with it.
    const other = licenceSummaryLines({ ...numbers, [key]: 1 });
    const at = lines.findIndex((line, i) => line !== other[i]);
    if (at >= 0) pendingLabels.set(at, label);
  }
  return lines.map((text, i) => {
    const label = pendingLabels.get(i);
    return label ? { text: `${label}: enter a whole number or tick Unlimited`, pending: true } : { text, pending: false };
  });
}
