/**
 * The licence agreement PDF as a reader gets it: its text read back by a real PDF text extractor (PDF.js, through
 * unpdf), and its QR code taken out of the PDF's own bytes and decoded.
 */
import { describe, expect, it } from 'vitest';
import jsqr from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { renderLicencePdf, type LicenceInput } from './licence-pdf.js';

const licenceId = '5F3A-9C2E-1B7D-4A60-9E3F-2C81';
const verifyUrl = `https://beats.example.test/licenses/verify/${licenceId}`;
const issued = new Date(Date.UTC(2026, 5, 15, 12));

function licence(buyerName: string, more: Partial<LicenceInput> = {}): LicenceInput {
  return {
    licenceId,
    verifyUrl,
    orderId: '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0',
    kind: 'lease',
    purchasedAt: issued,
    priceCents: 2999,
    buyer: { name: buyerName, email: 'buyer@example.test' },
    beat: { title: 'Night Drive', artistName: 'DJ Ümlaut', bpm: 140 },
    terms: {
      title: 'MP3 Lease License',
      paragraphs: [`This license is granted to ${buyerName} for Night Drive.`],
      numbers: {
        distributionCopies: 5000,
        audioStreams: null,
        musicVideos: 1,
        radioStations: 0,
        paidPerformances: null,
        creditRequired: true,
        exclusive: false,
      },
    },
    ...more,
  };
}

/** jsqr is CommonJS typed as an ES module: its `default` is the decoder both at run time and for TypeScript. */
const jsQR = jsqr.default;

/** PDF.js takes the buffer it is given: each read gets a copy. */
const open = (bytes: Uint8Array) => getDocumentProxy(bytes.slice());

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await open(bytes), { mergePages: true });
  return text;
}

/** A stream of the PDF as it is stored (filters not yet undone). */
function rawStream(doc: PDFDocument, ref: PDFObject | undefined): PDFRawStream {
  const stream = doc.context.lookup(ref);
  if (!(stream instanceof PDFRawStream)) throw new Error(`not a stream: ${String(stream)}`);
  return stream;
}

/** The images of the first page, decoded from the PDF's own image streams into RGBA pixels. */
async function imagesOf(bytes: Uint8Array): Promise<Array<{ width: number; height: number; rgba: Uint8ClampedArray }>> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[0]!;
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = [];
  for (const [, ref] of xObjects?.entries() ?? []) {
    const stream = rawStream(doc, ref);
    const { dict } = stream;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    expect(dict.lookup(PDFName.of('BitsPerComponent'), PDFNumber).asNumber()).toBe(8);
    const colorSpace = dict.lookup(PDFName.of('ColorSpace'));
    const channels = colorSpace === PDFName.of('DeviceRGB') ? 3 : colorSpace === PDFName.of('DeviceGray') ? 1 : 0;
    expect(channels, `colour space ${String(colorSpace)}`).toBeGreaterThan(0);
    const pixels = decodePDFRawStream(stream).decode();
    expect(pixels.length).toBe(width * height * channels);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels === 3 ? c : 0)]!;
      rgba[i * 4 + 3] = 255;
    }
    images.push({ width, height, rgba });
  }
  return images;
}

/**
 * Where the first page paints its one image, in points: the `cm` transforms from the graphics state saved before
 * its `Do`, composed. Read with pdf-lib: the PDF.js that unpdf bundles cannot build an operator list with images on
 * Node.js 20 (it needs ArrayBuffer.prototype.transferToFixedLength, from Node.js 21).
 */
async function imageBox(bytes: Uint8Array): Promise<{ x: number; y: number; width: number; height: number }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[0]!;
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  const ops = streams.map((s) => Buffer.from(decodePDFRawStream(rawStream(doc, s)).decode()).toString('latin1')).join('\n');
  const images = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).keys().map((name) => name.asString());
  expect(images).toHaveLength(1);
  const paints = [...ops.matchAll(new RegExp(`^${images[0]} Do$`, 'gm'))];
  expect(paints).toHaveLength(1);
  const before = ops.slice(0, paints[0]!.index);
  const state = before.slice(before.lastIndexOf('\nq\n'));
  let [a, b, c, d, e, f] = [1, 0, 0, 1, 0, 0];
  for (const m of state.matchAll(/^(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) cm$/gm)) {
    const [a2, b2, c2, d2, e2, f2] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    [a, b, c, d, e, f] = [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f];
  }
  expect([b, c]).toEqual([0, 0]);
  return { x: e, y: f, width: a, height: d };
}

describe('the licence agreement PDF', () => {
  it.each([
    ['Cyrillic', 'Зоя Квинн'],
    ['Greek', 'Ζωή Κουίν'],
    ['accented Latin', 'Zoë Ångström-Núñez'],
  ])('prints a buyer name in %s as it is written', async (_script, name) => {
    const bytes = await renderLicencePdf(licence(name), issued);
    const text = await textOf(bytes);
    expect(text).toContain(`${name} <buyer@example.test>`);
    expect(text).not.toContain('?');
    expect(text).toContain('DJ Ümlaut');
  });

  it('names its licence tier, grants exactly the tier\u2019s files as sold, and states the tier\u2019s numbers with the publishing share', async () => {
    const base = licence('Ada Tier');
    const bytes = await renderLicencePdf(
      {
        ...base,
        tier: { name: 'WAV Lease', files: ['mp3', 'wav'] },
        terms: { ...base.terms, numbers: { ...base.terms.numbers, distributionCopies: 10000, publishingShare: 50 } },
      },
      issued,
    );
    const text = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('WAV Lease (non-exclusive)');
    expect(text).toMatch(/MP3 file Yes/);
    expect(text).toMatch(/WAV file Yes/);
    expect(text).toMatch(/Stems No/);
    expect(text).toMatch(/Distribution copies 10,000/);
    expect(text).toMatch(/Publishing kept by the producer 50%/);
    // Without a tier (stems, the VIP plan) the way of buying names it, and terms silent on publishing say nothing of it.
    const plain = (await textOf(await renderLicencePdf(licence('Ada Tier'), issued))).replace(/\s+/g, ' ');
    expect(plain).toContain('MP3 Lease (non-exclusive)');
    expect(plain).toMatch(/WAV file No/);
    expect(plain).not.toContain('Publishing kept');
  });

  it('sets its text in the embedded DejaVu Sans Condensed, regular and bold, subset to the glyphs it uses', async () => {
    const bytes = await renderLicencePdf(licence('Зоя Квинн'), issued);
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const names = new Set(fonts.values().map((ref) => String(doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont')))));
    expect([...names].map((name) => name.replace(/-\d+$/, '')).sort()).toEqual(['/DejaVuSansCondensed', '/DejaVuSansCondensed-Bold']);
    // Two subset fonts, not the two 700 kB files.
    expect(bytes.length).toBeLessThan(100_000);
  });

  it('survives a name the font cannot draw: each missing character is a "?", the rest reads as before', async () => {
    const bytes = await renderLicencePdf(licence('王小明 🎧', { beat: { title: 'Ночь 🌙 Drive', artistName: null, bpm: null } }), issued);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const text = await textOf(bytes);
    expect(text).toContain('??? ? <buyer@example.test>');
    expect(text).toContain('Ночь ? Drive');
    expect(text).toContain(licenceId);
    expect(text).toContain('MP3 Lease License');
    expect(text).toContain('$29.99 USD');
  });

  it('leaves out invisible characters (soft hyphen, variation selector, zero-width joiner) and control characters become "?"', async () => {
    const text = await textOf(await renderLicencePdf(licence('Zo\u00ADë\u200D Q\u0007uinn \u2764\uFE0F 👨\u200D👩\u200D👧'), issued));
    expect(text).toContain('Zoë Q?uinn \u2764 ??? <buyer@example.test>');
  });

  it('carries a QR code of the verification page, and its address as text and as a link', async () => {
    const bytes = await renderLicencePdf(licence('Zoë Quinn'), issued);
    const images = await imagesOf(bytes);
    expect(images).toHaveLength(1);
    const [qr] = images;
    expect(jsQR(qr!.rgba, qr!.width, qr!.height)?.data).toBe(verifyUrl);

    // Drawn 90 pt square at the top right of the details, beside the license id, above "Scan to verify".
    const page = await (await open(bytes)).getPage(1);
    const box = await imageBox(bytes);
    expect([box.width, box.height]).toEqual([90, 90]);
    expect(box.x + box.width).toBeCloseTo(595.28 - 56, 1);
    const items = (await page.getTextContent()).items.flatMap((item) => ('str' in item ? [item] : []));
    const baseline = (str: string) => items.find((item) => item.str === str)!.transform[5] as number;
    expect(box.y + box.height).toBeGreaterThan(baseline('License id'));
    expect(box.y).toBeLessThan(baseline('License id'));
    expect(baseline('Scan to verify')).toBeLessThan(box.y);

    // The address stays readable as text (cut after a '/' where it meets the code), and both lead to it when clicked.
    expect((await textOf(bytes)).replace(/\s+/g, '')).toContain(verifyUrl);
    const links = (await page.getAnnotations()).filter((a) => a.subtype === 'Link');
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.url).toBe(verifyUrl);
  });

  it('keeps the lines beside the QR code clear of it, and wraps a long address without running off the page', async () => {
    const longUrl = `https://a-store-with-a-rather-long-domain-name.example.test/licenses/verify/${licenceId}`;
    const bytes = await renderLicencePdf(licence('Ζωή Κουίν-Παπαδοπούλου Αλεξάνδρα Μαρία Ελένη Σοφία', { verifyUrl: longUrl }), issued);
    const page = await (await open(bytes)).getPage(1);
    const qr = await imageBox(bytes);
    const items = (await page.getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() ? [item] : []));
    let beside = 0;
    for (const item of items) {
      const [, , , , x, y] = item.transform as number[];
      expect(x! + item.width, item.str).toBeLessThanOrEqual(595.28 - 56 + 0.01);
      // Capitals reach 9 pt above the baseline; the caption sits within 12 pt under the code.
      if (item.str !== 'Scan to verify' && y! + 9 > qr.y - 12 && y! < qr.y + qr.height) {
        beside++;
        expect(x! + item.width, item.str).toBeLessThan(qr.x);
      }
    }
    expect(beside).toBeGreaterThan(8);
    const text = (await textOf(bytes)).replace(/\s+/g, '');
    expect(text).toContain(longUrl);
    expect(text).toContain('ΖωήΚουίν-ΠαπαδοπούλουΑλεξάνδραΜαρίαΕλένηΣοφία');
    const [image] = await imagesOf(bytes);
    expect(jsQR(image!.rgba, image!.width, image!.height)?.data).toBe(longUrl);
  });
});
