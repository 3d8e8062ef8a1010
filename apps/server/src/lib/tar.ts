/**
 * Tar archives (POSIX ustar) as streams: a writer that yields an entry's blocks, and a reader that yields entries one
 * at a time, each body read straight from the source. Only what a backup holds is read back (regular files and
 * folders, names up to 255 bytes); anything else, a header whose checksum is wrong or an archive that ends early is
 * refused with a TarFormatError.
 */
const BLOCK = 512;
/** The largest size the 11 octal digits of a ustar header hold (8 GiB − 1); larger ones use the base-256 form. */
const MAX_OCTAL_SIZE = 0o77777777777;

export class TarFormatError extends Error {}

export type TarEntryType = 'file' | 'directory';

export interface TarEntryHeader {
  name: string;
  type: TarEntryType;
  size: number;
  mtime: Date;
}

export interface TarEntry extends TarEntryHeader {
  /** The entry's bytes, read from the archive as they are iterated; read it before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

function writeText(block: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`"${value}" does not fit a tar header`);
  bytes.copy(block, offset);
}

/** `length - 1` octal digits and a NUL, as ustar writes numbers. */
function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function writeSize(block: Buffer, size: number): void {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(block, 124, 12, size);
  // The base-256 form GNU tar and bsdtar read: the first byte's high bit set, the number big-endian in the rest.
  block[124] = 0x80;
  block.writeBigUInt64BE(BigInt(size), 128);
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) {
    if (block.readUInt32BE(124) !== 0x80000000) throw new TarFormatError('an entry is larger than this reader takes');
    return Number(block.readBigUInt64BE(128));
  }
  return readOctal(block, 124, 12);
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('a tar header has a number that is not octal');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The header's checksum: the sum of its bytes, the checksum field counted as eight spaces. */
function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** A name of up to 100 bytes goes in the name field; a longer one is split at a `/` into prefix (155) and name (100). */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new TarFormatError(`The name ${name} is too long for a tar archive`);
}

export function tarHeader(entry: Omit<TarEntryHeader, 'mtime'> & { mtime?: Date }): Buffer {
  const block = Buffer.alloc(BLOCK);
  const name = entry.type === 'directory' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
  const [prefix, rest] = splitName(name);
  writeText(block, 0, 100, rest);
  writeOctal(block, 100, 8, entry.type === 'directory' ? 0o700 : 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, entry.type === 'directory' ? 0 : entry.size);
  writeOctal(block, 136, 12, Math.floor((entry.mtime ?? new Date()).getTime() / 1000));
  block[156] = entry.type === 'directory' ? 0x35 : 0x30; // '5' a folder, '0' a regular file
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  writeText(block, 345, 155, prefix);
  writeText(block, 148, 8, `${checksumOf(block).toString(8).padStart(6, '0')}\0 `);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive: two blocks of zeros. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

/**
 * One entry's blocks: its header, its body and the padding to a whole block. A body that turns out longer or shorter
 * than `size` (a file that changed while it was read) throws, so an archive never holds a torn entry.
 */
export async function* tarEntry(entry: Omit<TarEntryHeader, 'mtime'> & { mtime?: Date }, body?: AsyncIterable<Buffer> | Buffer): AsyncGenerator<Buffer> {
  yield tarHeader(entry);
  if (entry.type === 'directory') return;
  let seen = 0;
  for await (const chunk of Buffer.isBuffer(body) ? [body] : (body ?? [])) {
    seen += chunk.length;
    if (seen > entry.size) break;
    yield chunk;
  }
  if (seen !== entry.size) throw new Error(`${entry.name} changed while it was read: ${entry.size} bytes were expected, ${seen} came`);
  yield padding(entry.size);
}

/** Exact reads from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.buffered < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  /** Up to `most` bytes, at least one; null at the end of the stream. */
  async some(most: number): Promise<Buffer | null> {
    await this.fill(1);
    if (this.buffered === 0) return null;
    const first = this.chunks[0]!;
    const taken = first.length <= most ? first : first.subarray(0, most);
    if (taken === first) this.chunks.shift();
    else this.chunks[0] = first.subarray(most);
    this.buffered -= taken.length;
    return taken;
  }

  /** Exactly `length` bytes, or fewer at the end of the stream. */
  async exactly(length: number): Promise<Buffer> {
    await this.fill(length);
    const parts: Buffer[] = [];
    for (let left = Math.min(length, this.buffered); left > 0; ) {
      const piece = (await this.some(left))!;
      parts.push(piece);
      left -= piece.length;
    }
    return Buffer.concat(parts);
  }
}

function parseHeader(block: Buffer): TarEntryHeader {
  const stored = readOctal(block, 148, 8);
  if (stored !== checksumOf(block)) throw new TarFormatError('a tar header is damaged (its checksum does not match)');
  if (readText(block, 257, 6) !== 'ustar') throw new TarFormatError('a header is not a ustar tar header');
  const flag = String.fromCharCode(block[156]!);
  const type: TarEntryType | null = flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'directory' : null;
  const prefix = readText(block, 345, 155);
  const rawName = prefix ? `${prefix}/${readText(block, 0, 100)}` : readText(block, 0, 100);
  if (!type) throw new TarFormatError(`${rawName} is neither a file nor a folder (tar type "${flag}")`);
  const name = type === 'directory' ? rawName.replace(/\/$/, '') : rawName;
  return { name, type, size: type === 'directory' ? 0 : readSize(block), mtime: new Date(readOctal(block, 136, 12) * 1000) };
}

/**
 * The entries of a tar archive read from `source`. Each entry's body must be read (or left) before the next entry is
 * asked for; what is left of it is skipped. After the two blocks of zeros that end the archive, only zeros may follow.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.length < BLOCK) throw new TarFormatError('the archive ends early (no end-of-archive blocks)');
    if (block.every((byte) => byte === 0)) break;
    const header = parseHeader(block);
    let left = header.size;
    const body = (async function* () {
      while (left > 0) {
        const piece = await reader.some(left);
        if (!piece) throw new TarFormatError(`the archive ends early, inside ${header.name}`);
        left -= piece.length;
        yield piece;
      }
    })();
    yield { ...header, body };
    // Whatever the reader left of the body, then the padding.
    while (left > 0) {
      const piece = await reader.some(left);
      if (!piece) throw new TarFormatError(`the archive ends early, inside ${header.name}`);
      left -= piece.length;
    }
    const pad = padding(header.size).length;
    if ((await reader.exactly(pad)).length < pad) throw new TarFormatError(`the archive ends early, after ${header.name}`);
  }
  for (let rest = await reader.some(64 * 1024); rest; rest = await reader.some(64 * 1024)) {
    if (!rest.every((byte) => byte === 0)) throw new TarFormatError('there is data after the end of the archive');
  }
}
