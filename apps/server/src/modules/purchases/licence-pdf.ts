/**
 * The licence agreement of one purchase, as a PDF (pdf-lib): buyer, beat, licence type, date, price and the
 * rights of the entitlement table (docs/product/entitlements.md) for that way of buying.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { grantedRights, type DownloadRights } from '@beat/shared';
import type { PurchaseKind } from '../../db/schema.js';
import { formatUsd } from '../offers/offers.js';

export interface LicenceInput {
  /** The license's public id and its verification page (docs/product/licenses.md#verification). */
  licenceId: string;
  verifyUrl: string;
  orderId: string | null;
  kind: PurchaseKind;
  purchasedAt: Date;
  priceCents: number;
  buyer: { name: string; email: string };
  beat: { title: string; artistName: string | null; bpm: number | null } | null;
}

interface LicenceTerms {
  name: string;
  rights: Readonly<DownloadRights>;
  exclusive: boolean;
  scope: string;
  royalties: string | null;
  extra: string[];
}

/** The licence of each way of buying: its rights are the entitlement table's (`grantedRights`), with the offers' promises (docs/product/offers-and-prices.md). */
export const licenceTerms: Record<PurchaseKind, LicenceTerms> = {
  lease: {
    name: 'MP3 Lease License',
    rights: grantedRights.lease,
    exclusive: false,
    scope: 'the MP3 file of the beat named below',
    royalties: null,
    extra: ['The producer keeps the right to license the beat to others until it is sold exclusively.'],
  },
  stems: {
    name: 'Stems License',
    rights: grantedRights.stems,
    exclusive: false,
    scope: 'the stems (the separate tracks) of the beat named below',
    royalties: null,
    extra: ['The stems may be mixed, edited and rearranged for the licensee\u2019s own recordings.'],
  },
  exclusive: {
    name: 'Exclusive License',
    rights: grantedRights.exclusive,
    exclusive: true,
    scope: 'the beat named below, in MP3 and WAV, with its stems',
    royalties: '100% of royalties go to the licensee.',
    extra: [
      'The beat was removed from sale on the date of this agreement: no further licenses of it are granted.',
      'Free mixing and mastering for one song on this beat is included for a limited time.',
    ],
  },
  vipPlan: {
    name: 'VIP Catalog License',
    rights: grantedRights.vipPlan,
    exclusive: false,
    scope: 'every Non-Exclusive beat of the VIP catalog, in MP3 and WAV, for as long as it is in the catalog',
    royalties: '100% of royalties go to the licensee.',
    extra: ['Access is for life, from a single payment. New beats join the catalog every week.'],
  },
};

/** Helvetica speaks WinAnsi only: anything else becomes '?', so no title can break the document. */
const winAnsiExtras = new Set('\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122');
export function winAnsi(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(c) ? c : '?';
    })
    .join('');
}

export const formatUsDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const ink = rgb(0.09, 0.09, 0.12);
const muted = rgb(0.36, 0.36, 0.42);
const rule = rgb(0.85, 0.85, 0.89);
const accent = rgb(0.96, 0.77, 0.09);

export async function renderLicencePdf(input: LicenceInput, generatedAt: Date): Promise<Uint8Array> {
  const terms = licenceTerms[input.kind];
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const beatName = input.beat ? input.beat.title : 'VIP catalog';
  doc.setTitle(winAnsi(`${terms.name} — ${beatName}`));
  doc.setAuthor('Beat Market');
  doc.setSubject(winAnsi(`License agreement for ${input.buyer.name}`));
  doc.setCreator('Beat Market');
  doc.setCreationDate(generatedAt);

  const pageSize: [number, number] = [595.28, 841.89];
  let page: PDFPage = doc.addPage(pageSize);
  const { width, height } = page.getSize();
  const margin = 56;
  const contentWidth = width - margin * 2;
  /** Nothing is drawn below this line: the footer lives there. */
  const bottom = 84;
  let y = height;

  const text = (value: string, x: number, size: number, font = regular, color = ink) =>
    page.drawText(winAnsi(value), { x, y, size, font, color });
  /** Long terms continue on a new page instead of running into the footer. */
  const ensureSpace = (needed: number) => {
    if (y - needed >= bottom) return;
    page = doc.addPage(pageSize);
    y = height - margin;
  };

  // Header band
  page.drawRectangle({ x: 0, y: height - 96, width, height: 96, color: rgb(0.067, 0.067, 0.086) });
  page.drawCircle({ x: margin + 6, y: height - 44, size: 6, color: accent });
  y = height - 50;
  text('Beat Market', margin + 20, 18, bold, rgb(0.96, 0.96, 0.97));
  text('LICENSE AGREEMENT', width - margin - bold.widthOfTextAtSize('LICENSE AGREEMENT', 11), 11, bold, accent);

  y = height - 140;
  text(terms.name, margin, 24, bold);
  y -= 22;
  text(`for \u201c${beatName}\u201d`, margin, 13, regular, muted);

  // Parties and purchase
  y -= 36;
  const details: Array<[string, string]> = [
    ['License id', input.licenceId],
    ['Verify it at', input.verifyUrl],
    ['Date', formatUsDate(input.purchasedAt)],
    ['Licensee (buyer)', `${input.buyer.name} <${input.buyer.email}>`],
    ['Licensor', input.beat?.artistName ? `Beat Market, for the producer ${input.beat.artistName}` : 'Beat Market'],
    ['Beat', input.beat ? `${input.beat.title}${input.beat.bpm ? ` (${input.beat.bpm} BPM)` : ''}` : 'Every Non-Exclusive beat of the VIP catalog'],
    ['License type', `${terms.name}${terms.exclusive ? ' (exclusive)' : ' (non-exclusive)'}`],
    ['Price paid', `${formatUsd(input.priceCents)} USD`],
  ];
  if (input.orderId) details.push(['Order', input.orderId]);
  for (const [label, value] of details) {
    text(label, margin, 10, bold, muted);
    const lines = wrap(value, regular, 11, contentWidth - 140);
    for (const [i, line] of lines.entries()) {
      if (i > 0) y -= 14;
      text(line, margin + 140, 11);
    }
    y -= 20;
  }

  // Rights table
  y -= 10;
  text('Rights granted', margin, 14, bold);
  y -= 12;
  const rows: Array<[string, string]> = [
    ['MP3 file', terms.rights.mp3 ? 'Yes' : 'No'],
    ['WAV file', terms.rights.wav ? 'Yes' : 'No'],
    ['Stems', terms.rights.stems ? 'Yes' : 'No'],
    ['Exclusive rights', terms.exclusive ? 'Yes' : 'No'],
  ];
  if (terms.royalties) rows.push(['Royalties', '100% to the licensee']);
  for (const [label, value] of rows) {
    ensureSpace(26);
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.75, color: rule });
    y -= 18;
    text(label, margin + 4, 11);
    text(value, width - margin - 4 - bold.widthOfTextAtSize(value, 11), 11, bold, value === 'No' ? muted : ink);
    y -= 8;
  }
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.75, color: rule });

  // Terms
  y -= 30;
  ensureSpace(40);
  text('Terms', margin, 14, bold);
  y -= 20;
  const paragraphs = [
    `Beat Market grants the licensee a ${terms.exclusive ? 'worldwide, exclusive' : 'worldwide, non-exclusive'} license to use ${terms.scope} in the licensee\u2019s own musical works, including recording, releasing, streaming, selling and performing them.`,
    ...terms.extra,
    ...(terms.royalties ? [terms.royalties] : []),
    'The licensee may not resell, sublicense or give away the files themselves, nor register the beat alone with a content identification service.',
    'The producer keeps the copyright of the beat and is credited as its producer where credits are given.',
  ];
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, regular, 10.5, contentWidth)) {
      ensureSpace(14.5);
      text(line, margin, 10.5);
      y -= 14.5;
    }
    y -= 6;
  }

  // Footer, on every page
  const pages = doc.getPages();
  for (const [i, each] of pages.entries()) {
    each.drawLine({ start: { x: margin, y: 64 }, end: { x: width - margin, y: 64 }, thickness: 0.75, color: rule });
    const note = winAnsi(
      `License ${input.licenceId} · issued electronically by Beat Market on ${formatUsDate(generatedAt)}; valid without signature.` +
        (pages.length > 1 ? ` Page ${i + 1} of ${pages.length}.` : ''),
    );
    each.drawText(note, { x: margin, y: 48, size: 8.5, font: regular, color: muted });
  }
  return doc.save();
}
