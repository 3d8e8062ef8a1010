/** What the server found in the audio files, as the admin reads it: "320 kbps · 44.1 kHz · stereo · 3:02". */
import type { BeatFileInfoDto, Mp3Info, PreviewProgress, StemsInfo, StoreSettings, WavInfo } from '@beat/shared';
import { formatTime } from '../../../lib/format';

/** 44100 → "44.1 kHz", 48000 → "48 kHz". */
export function formatSampleRate(hz: number): string {
  return `${Number((hz / 1000).toFixed(2))} kHz`;
}

export function formatChannels(channels: number): string {
  if (channels === 1) return 'mono';
  if (channels === 2) return 'stereo';
  return `${channels} channels`;
}

/** "192 kbps", or "~245 kbps VBR" for a variable bitrate (the figure is then an average). */
function formatBitrate(info: Mp3Info): string {
  const kbps = Math.round(info.bitrateKbps);
  return info.vbr ? `~${kbps} kbps VBR` : `${kbps} kbps`;
}

/** "320 kbps · 44.1 kHz · stereo · 3:02" */
export function formatMp3Info(info: Mp3Info): string {
  return [formatBitrate(info), formatSampleRate(info.sampleRate), formatChannels(info.channels), formatTime(info.durationSeconds)].join(' · ');
}

/** "44.1 kHz · 24-bit · stereo · 3:02" */
export function formatWavInfo(info: WavInfo): string {
  return [formatSampleRate(info.sampleRate), `${info.bitDepth}-bit`, formatChannels(info.channels), formatTime(info.durationSeconds)].join(' · ');
}

const STEM_NAMES_SHOWN = 6;

/** "4 stems: drums.wav, bass.wav, keys.wav, vox.wav"; a long list ends "… and 9 more". */
export function formatStemsInfo(info: StemsInfo): string {
  const count = info.stems.length;
  if (count === 0) return 'No audio stems found';
  const names = info.stems.map((stem) => stem.name);
  const shown = count > STEM_NAMES_SHOWN ? [...names.slice(0, STEM_NAMES_SHOWN - 1), `and ${count - STEM_NAMES_SHOWN + 1} more`] : names;
  return `${count} ${count === 1 ? 'stem' : 'stems'}: ${shown.join(', ')}`;
}

/** "2.0 s": a tag is short, so tenths matter. */
export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

/** "WAV · 44.1 kHz · 24-bit · 2.0 s" or "MP3 · 192 kbps · 2.0 s"; just the length when the format is unknown. */
export function formatTagInfo(tag: StoreSettings['tag']): string {
  const { info } = tag;
  const length = formatSeconds(info?.durationSeconds ?? tag.durationSeconds);
  if (!info) return length;
  if (info.format === 'mp3') return ['MP3', formatBitrate(info), length].join(' · ');
  return ['WAV', formatSampleRate(info.sampleRate), `${info.bitDepth}-bit`, length].join(' · ');
}

/** ["MP3 320 kbps", "WAV 24-bit", "4 stems"]: a beat's files, short, for the list. */
export function fileSummaryParts(info: BeatFileInfoDto): string[] {
  const parts: string[] = [];
  if (info.mp3) parts.push(`MP3 ${formatBitrate(info.mp3)}`);
  if (info.wav) parts.push(`WAV ${info.wav.bitDepth}-bit`);
  if (info.stems) parts.push(`${info.stems.stems.length} ${info.stems.stems.length === 1 ? 'stem' : 'stems'}`);
  return parts;
}

/**
 * Previews still to come out of the render queue. Failed ones are not waiting: they stay failed until the
 * admin retries them, so polling stops once every preview is rendered or failed.
 */
export function previewsPending(progress: PreviewProgress): number {
  return Math.max(0, progress.total - progress.rendered - progress.failed);
}
