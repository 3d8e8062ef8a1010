/**
 * The licence agreement of one purchase, as a PDF (pdf-lib): buyer, beat, licence type, date, price and the
 * rights of the entitlement table (docs/product/entitlements.md) for that way of buying, with a QR code of the
 * license's verification page.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFHexString, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { grantedRights, purchaseTypeLabels, tierRights, type FileType, type LicenceNumbers } from '@beat/shared';
import type { PurchaseKind } from '../../db/schema.js';
import { formatUsDate, formatUsd } from '../offers/offers.js';

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
  /** The terms sold with the purchase, their placeholders filled (docs/product/licenses.md#terms). */
  terms: { title: string; paragraphs: string[]; numbers: LicenceNumbers };
  /** The licence tier sold, with its files as sold (docs/product/licenses.md#tiers); absent for stems and the VIP plan. */
  tier?: { name: string; files: FileType[] | null };
}

/** An allowance as the rights table reads it: a number, "Unlimited" or "Not allowed". */
const allowance = (n: number | null, unit: (n: number) => string = (x) => count.format(x)) =>
  n === null ? 'Unlimited' : n === 0 ? 'Not allowed' : unit(n);
const count = new Intl.NumberFormat('en-US');

/** The rights table: the files the way of buying grants (`grantedRights`, docs/product/entitlements.md) and the terms' numbers. */
function rightsRows(kind: PurchaseKind, numbers: LicenceNumbers, tierFiles: FileType[] | null | undefined): Array<[string, string]> {
  const files = tierFiles ? tierRights(tierFiles) : grantedRights[kind];
  const yes = (b: boolean) => (b ? 'Yes' : 'No');
  return [
    ['MP3 file', yes(files.mp3)],
    ['WAV file', yes(files.wav)],
    ['Stems', yes(files.stems)],
    ['Distribution copies', allowance(numbers.distributionCopies)],
    ['Audio streams', allowance(numbers.audioStreams)],
    ['Music videos', allowance(numbers.musicVideos)],
    ['Radio broadcasting', allowance(numbers.radioStations, (n) => `${count.format(n)} ${n === 1 ? 'station' : 'stations'}`)],
    ['Paid performances', allowance(numbers.paidPerformances)],
    ['Credit required ("Prod. by")', yes(numbers.creditRequired)],
    ['Exclusive rights', yes(numbers.exclusive)],
    ...(numbers.publishingShare === null || numbers.publishingShare === undefined
      ? []
      : [['Publishing kept by the producer', `${numbers.publishingShare}%`] as [string, string]]),
  ];
}

/**
 * The agreement is set in DejaVu Sans Condensed (npm `dejavu-fonts-ttf`, Bitstream Vera licence): Latin with its
 * accents, Greek, Cyrillic and many more alphabets, so a buyer's or a beat's name prints as it is written, in about
 * the width Helvetica took. Each PDF embeds only the glyphs it uses (subset).
 *
 * The font files are read once per process, on the first agreement. The package is not bundled (build.mjs keeps
 * npm packages external), so `require.resolve` finds it in node_modules from dist/ as it does from src/.
 */
interface FontFile {
  bytes: Uint8Array;
  /** The code points the font has a glyph for. */
  codePoints: ReadonlySet<number>;
}
let fontFiles: Promise<{ regular: FontFile; bold: FontFile }> | null = null;

function loadFonts(): Promise<{ regular: FontFile; bold: FontFile }> {
  if (!fontFiles) {
    const resolve = createRequire(import.meta.url).resolve;
    const load = async (file: string): Promise<FontFile> => {
      const bytes = await readFile(resolve(`dejavu-fonts-ttf/ttf/${file}`));
      return { bytes, codePoints: new Set(fontkit.create(bytes).characterSet) };
    };
    fontFiles = Promise.all([load('DejaVuSansCondensed.ttf'), load('DejaVuSansCondensed-Bold.ttf')]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    // A failed read is not kept: the next agreement tries again.
    fontFiles.catch(() => (fontFiles = null));
  }
  return fontFiles;
}

/** The code points each embedded font can draw. */
const drawableByFont = new WeakMap<PDFFont, ReadonlySet<number>>();
const controlOrLineBreak = /[\p{Cc}\u2028\u2029]/u;
const invisible = /\p{Default_Ignorable_Code_Point}/u;

/**
 * The text as `font` can draw it, so that no title or name can break the document: each character the font has
 * no glyph for (Chinese, emoji) becomes '?', and so does a control character or line break; the invisible ones
 * (variation selectors, zero-width joiners, soft hyphens), which pdf-lib would draw as if they were letters, are
 * left out.
 */
function drawable(text: string, font: PDFFont): string {
  const codePoints = drawableByFont.get(font);
  if (!codePoints) throw new Error('The licence PDF draws only with the fonts it embedded.');
  let out = '';
  for (const c of text.normalize('NFC')) {
    if (invisible.test(c)) continue;
    out += codePoints.has(c.codePointAt(0)!) && !controlOrLineBreak.test(c) ? c : '?';
  }
  return out;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  // A line is as wide as its words and the spaces between them: each word is measured once (laying text out in
  // a TrueType font is what a PDF spends its time on).
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of drawable(text, font).split(/\s+/)) {
    const wordWidth = font.widthOfTextAtSize(word, size);
    if (line && used + space + wordWidth > width) {
      lines.push(line);
      line = word;
      used = wordWidth;
    } else {
      used = line ? used + space + wordWidth : wordWidth;
      line = line ? `${line} ${word}` : word;
    }
    if (used > width) {
      const pieces = breakWord(line, font, size, width);
      line = pieces.pop()!;
      lines.push(...pieces);
      used = font.widthOfTextAtSize(line, size);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A word wider than the line (a web address) is cut where the line ends: after its last '/' there, or else its
 * last '-', when that is past the middle of the line.
 */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const chars = Array.from(word);
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = start;
    let used = 0;
    while (end < chars.length) {
      const w = font.widthOfTextAtSize(chars[end]!, size);
      if (used + w > width && end > start) break;
      used += w;
      end++;
    }
    if (end < chars.length) {
      const middle = start + (end - start) / 2;
      const after = (mark: string) => chars.lastIndexOf(mark, end - 1) + 1;
      const cut = [after('/'), after('-')].find((i) => i > middle);
      if (cut) end = cut;
    }
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pieces;
}

/** A clickable area of `page` that opens `url` (the QR code and the link text both lead to the verification page). */
function linkTo(page: PDFPage, url: string, x1: number, y1: number, x2: number, y2: number) {
  const { context } = page.doc;
  const link = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [x1, y1, x2, y2],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFHexString.of(Buffer.from(url, 'utf8').toString('hex')) },
  });
  page.node.addAnnot(context.register(link));
}

const ink = rgb(0.09, 0.09, 0.12);
const muted = rgb(0.36, 0.36, 0.42);
const rule = rgb(0.85, 0.85, 0.89);
const accent = rgb(0.96, 0.77, 0.09);

export async function renderLicencePdf(input: LicenceInput, generatedAt: Date): Promise<Uint8Array> {
  const { terms } = input;
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular.bytes, { subset: true });
  const bold = await doc.embedFont(fonts.bold.bytes, { subset: true });
  drawableByFont.set(regular, fonts.regular.codePoints);
  drawableByFont.set(bold, fonts.bold.codePoints);
  // 8 pixels a module, 2 modules of quiet zone (the page's white margin adds to it).
  const qrPng = await QRCode.toBuffer(input.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  const qrCode = await doc.embedPng(qrPng);
  const beatName = input.beat ? input.beat.title : 'VIP catalog';
  // The document's properties are Unicode text of their own, not drawn with the fonts.
  doc.setTitle(`${terms.title} — ${beatName}`.normalize('NFC'));
  doc.setAuthor('Beat Market');
  doc.setSubject(`License agreement for ${input.buyer.name}`.normalize('NFC'));
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
    page.drawText(drawable(value, font), { x, y, size, font, color });
  const widthOf = (value: string, size: number, font: PDFFont) => font.widthOfTextAtSize(drawable(value, font), size);
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
  text('LICENSE AGREEMENT', width - margin - widthOf('LICENSE AGREEMENT', 11, bold), 11, bold, accent);

  y = height - 140;
  for (const [i, line] of wrap(terms.title, bold, 24, contentWidth).entries()) {
    if (i > 0) y -= 28;
    text(line, margin, 24, bold);
  }
  y -= 22;
  text(`for \u201c${beatName}\u201d`, margin, 13, regular, muted);

  // Parties and purchase, with the QR code of the verification page at the top right: a phone opens the page
  // the link below names. The lines beside the code stop short of it.
  y -= 36;
  const qrSize = 90;
  const qrX = width - margin - qrSize;
  const qrTop = y + 10;
  page.drawImage(qrCode, { x: qrX, y: qrTop - qrSize, width: qrSize, height: qrSize });
  const caption = 'Scan to verify';
  const captionY = qrTop - qrSize - 8;
  page.drawText(drawable(caption, regular), {
    x: qrX + (qrSize - widthOf(caption, 8, regular)) / 2,
    y: captionY,
    size: 8,
    font: regular,
    color: muted,
  });
  linkTo(page, input.verifyUrl, qrX, captionY - 3, width - margin, qrTop);
  /** A line whose capitals would reach the caption's descenders or higher is beside the code. */
  const besideQr = (lineY: number) => lineY + 9 > captionY - 3;
  const details: Array<[string, string]> = [
    ['License id', input.licenceId],
    ['Verify it at', input.verifyUrl],
    ['Date', formatUsDate(input.purchasedAt)],
    ['Licensee (buyer)', `${input.buyer.name} <${input.buyer.email}>`],
    ['Licensor', input.beat?.artistName ? `Beat Market, for the producer ${input.beat.artistName}` : 'Beat Market'],
    ['Beat', input.beat ? `${input.beat.title}${input.beat.bpm ? ` (${input.beat.bpm} BPM)` : ''}` : 'Every Non-Exclusive beat of the VIP catalog'],
    ['License type', `${input.tier?.name ?? purchaseTypeLabels[input.kind]}${terms.numbers.exclusive ? ' (exclusive)' : ' (non-exclusive)'}`],
    ['Price paid', `${formatUsd(input.priceCents)} USD`],
  ];
  if (input.orderId) details.push(['Order', input.orderId]);
  for (const [label, value] of details) {
    text(label, margin, 10, bold, muted);
    const lines = wrap(value, regular, 11, besideQr(y) ? qrX - 12 - (margin + 140) : contentWidth - 140);
    for (const [i, line] of lines.entries()) {
      if (i > 0) y -= 14;
      text(line, margin + 140, 11);
      if (label === 'Verify it at') linkTo(page, input.verifyUrl, margin + 140, y - 3, margin + 140 + widthOf(line, 11, regular), y + 9);
    }
    y -= 20;
  }

  // Rights table
  y -= 10;
  text('Rights granted', margin, 14, bold);
  y -= 12;
  const rows = rightsRows(input.kind, terms.numbers, input.tier?.files);
  for (const [label, value] of rows) {
    ensureSpace(26);
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.75, color: rule });
    y -= 18;
    text(label, margin + 4, 11);
    text(value, width - margin - 4 - widthOf(value, 11, bold), 11, bold, value === 'No' || value === 'Not allowed' ? muted : ink);
    y -= 8;
  }
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.75, color: rule });

  // Terms
  y -= 30;
  ensureSpace(40);
  text('Terms', margin, 14, bold);
  y -= 20;
  for (const paragraph of terms.paragraphs) {
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
    const note = drawable(
      `License ${input.licenceId} · issued electronically by Beat Market on ${formatUsDate(generatedAt)}; valid without signature.` +
        (pages.length > 1 ? ` Page ${i + 1} of ${pages.length}.` : ''),
      regular,
    );
    // One line, a little smaller when a long page count would reach past the margin.
    const size = Math.min(8.5, (8.5 * contentWidth) / regular.widthOfTextAtSize(note, 8.5));
    each.drawText(note, { x: margin, y: 48, size, font: regular, color: muted });
  }
  return doc.save();
}
