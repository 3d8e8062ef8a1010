/** Whether a beat has a preview to play: an admin list can hold beats whose first preview is still being rendered. */
import type { Beat } from '@beat/shared';

export type PlayableBeat<T extends Beat = Beat> = T & { streamingMp3FileLink: string };

export function canPlay<T extends Beat>(beat: T): beat is PlayableBeat<T> {
  return beat.streamingMp3FileLink !== null;
}
