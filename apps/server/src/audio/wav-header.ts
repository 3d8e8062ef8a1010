/**
 * Reads the fmt and data chunks of a RIFF/WAVE header. music-metadata reports WAVE_FORMAT_EXTENSIBLE (what most
 * DAWs and ffmpeg write for 24-bit) as "non-PCM", so the real sample format is taken from its sub-format GUID here.
 */
export const WAVE_FORMAT_PCM = 0x0001;
export const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export interface WavHeader {
  /** The format tag, resolved through the extensible sub-format when there is one. */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  /** The data chunk's declared size, or null when the writer left it unknown (streamed WAVs) or it was not reached. */
  dataBytes: number | null;
}

function ascii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** Parses the start of a WAV file; null when it is not RIFF/WAVE or no fmt chunk lies within `head`. */
export function readWavHeader(head: Uint8Array): WavHeader | null {
  if (head.length < 12 || ascii(head, 0) !== 'RIFF' || ascii(head, 8) !== 'WAVE') return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let format: Omit<WavHeader, 'dataBytes'> | null = null;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = ascii(head, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= head.length) {
      let formatTag = view.getUint16(body, true);
      if (formatTag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= head.length) {
        formatTag = view.getUint16(body + 24, true);
      }
      format = {
        formatTag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) return null;
      return { ...format, dataBytes: size === 0 || size === 0xffffffff ? null : size };
    }
    offset = body + size + (size % 2);
  }
  return format ? { ...format, dataBytes: null } : null;
}
