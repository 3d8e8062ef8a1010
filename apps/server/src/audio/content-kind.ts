/** Names what a file looks like, for messages such as "it looks like a PNG image", from its first bytes or its container. */

function startsWith(head: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => head[at + i] === byte);
}

function text(head: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...head.subarray(at, at + length));
}

function isMp3Frame(head: Uint8Array): boolean {
  const [a = 0, b = 0] = head;
  // Frame sync (11 set bits), a valid MPEG version and layer bits 01 = Layer III.
  return a === 0xff && (b & 0xe0) === 0xe0 && (b & 0x18) !== 0x08 && (b & 0x06) === 0x02;
}

/** A phrase with its article ("a PNG image"), or null when the bytes match nothing we know. */
export function describeContent(head: Uint8Array): string | null {
  if (head.length < 4) return null;
  if (text(head, 0, 4) === 'RIFF' && text(head, 8, 4) === 'WAVE') return 'a WAV file';
  if (text(head, 0, 4) === 'RIFF' && text(head, 8, 4) === 'AVI ') return 'an AVI video';
  if (text(head, 0, 4) === 'RIFF' && text(head, 8, 4) === 'WEBP') return 'a WebP image';
  if (text(head, 0, 3) === 'ID3' || isMp3Frame(head)) return 'an MP3 file';
  if (text(head, 0, 4) === 'fLaC') return 'a FLAC file';
  if (text(head, 0, 4) === 'OggS') return 'an Ogg file';
  if (text(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(text(head, 8, 4))) return 'an AIFF file';
  if (text(head, 4, 4) === 'ftyp') return 'an MP4 or M4A file';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'a WebM or Matroska file';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'a ZIP archive';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (text(head, 0, 4) === 'GIF8') return 'a GIF image';
  if (text(head, 0, 4) === '%PDF') return 'a PDF document';
  if (text(head, 0, 4) === 'Rar!') return 'a RAR archive';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf])) return 'a 7-Zip archive';
  if (startsWith(head, [0x1f, 0x8b])) return 'a gzip archive';
  return null;
}

/** The same kind of phrase from music-metadata's container and codec names. */
export function describeAudioFormat(container: string | undefined, codec: string | undefined): string | null {
  if (!container) return null;
  if (container === 'WAVE') return 'a WAV file';
  if (container === 'MPEG') return codec && /Layer 3$/.test(codec) ? 'an MP3 file' : 'an MPEG audio file that is not MP3';
  if (container.startsWith('ADTS')) return 'an AAC file';
  if (container === 'FLAC') return 'a FLAC file';
  if (container.startsWith('AIFF')) return 'an AIFF file';
  if (container === 'Ogg') return 'an Ogg file';
  if (container.startsWith('ASF')) return 'a WMA file';
  if (container.startsWith('EBML')) return 'a WebM or Matroska file';
  if (/^(M4A|M4B|mp4|mp42|isom|iso2|3gp|qt)/i.test(container)) return 'an MP4 or M4A file';
  return null;
}
