/**
 * The fixed lists a beat is described and found by (docs/product/catalog-and-search.md): its genre, its musical
 * key and its moods. Plain constants without zod, so the catalog's first load can import them by subpath
 * (`@beat/shared/discovery`).
 */

/** The genres: a beat's `category`. */
export const categories = ['Electronic', 'Hip Hop', 'Rock', 'Jazz'] as const;
export type Category = (typeof categories)[number];

const pitchClasses = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
type PitchClass = (typeof pitchClasses)[number];
export type MusicalKey = `${PitchClass} ${'major' | 'minor'}`;

/** The 24 keys, in the order the filter lists them: C major, C minor, C# major, … B minor. */
export const musicalKeys: readonly MusicalKey[] = pitchClasses.flatMap((pitch) => [`${pitch} major`, `${pitch} minor`] as const);

export const moods = ['dark', 'happy', 'sad', 'chill', 'energetic', 'aggressive', 'romantic', 'epic', 'bouncy', 'dreamy'] as const;
export type Mood = (typeof moods)[number];

/** The orders a catalog list can be sorted in; `newest` is the default. `popular` counts plays of the last 30 days. */
export const beatSorts = ['newest', 'popular', 'priceAsc', 'priceDesc', 'bpmAsc', 'bpmDesc'] as const;
export type BeatSort = (typeof beatSorts)[number];
