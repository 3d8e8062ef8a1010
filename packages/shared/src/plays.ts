/** Plays shorter than this are not counted (docs/product/screens-and-words.md#player). */
export const MIN_COUNTED_PLAY_SECONDS = 10;
