/** Deterministic, realistic catalog entries for the demo store and the benchmark. */
import { categories, moods, musicalKeys, type Mood, type MusicalKey } from '@beat/shared';

/** mulberry32: a small seeded PRNG, so every seed gives the same store. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

const firstWords = [
  'Midnight', 'Neon', 'Velvet', 'Golden', 'Hollow', 'Crimson', 'Silent', 'Electric', 'Frozen', 'Lunar',
  'Smoke', 'Glass', 'Savage', 'Cosmic', 'Drift', 'Shadow', 'Paper', 'Diamond', 'Ghost', 'Faded',
  'Concrete', 'Cherry', 'Static', 'Solar', 'Wicked', 'Blue', 'Marble', 'Copper', 'Night', 'Sapphire',
  'Heavy', 'Low', 'Sunset', 'Broken', 'Rapid', 'Quiet', 'Royal', 'Plastic', 'Wild', 'Dusty',
];
const secondWords = [
  'Drip', 'Waves', 'Empire', 'Dreams', 'Pressure', 'Motion', 'Fever', 'Skyline', 'Ritual', 'Engine',
  'Tides', 'Voltage', 'Garden', 'Horizon', 'Riot', 'Mirage', 'Signal', 'Cathedral', 'Run', 'Echoes',
  'Parade', 'Season', 'Avenue', 'Jungle', 'Orbit', 'Letters', 'Sirens', 'Hustle', 'Vision', 'Rain',
  'Circuit', 'Bounce', 'Therapy', 'Flex', 'Memories', 'Anthem', 'District', 'Gravity', 'Comet', 'Wave',
];
const artists = [
  'Nova Kane', 'Lo Vega', 'Jay Harbor', 'Mika Sol', 'Dre Atlas', 'Kairo Beats', 'Sable Wren', 'Ozzy Lane',
  'Tommi Graves', 'Yara Blue', 'Prod. Halcyon', 'Rico Mendez', 'Ivy Marlowe', 'Kenji Park', 'Zed Okafor', 'Luna Ferris',
];
const tagPool = [
  'trap', 'drill', 'boom bap', 'lofi', 'rnb', 'afrobeat', 'dancehall', 'pop', 'dark', 'melodic',
  'chill', 'hard', 'soul', 'jazz', 'guitar', 'piano', '808', 'emotional', 'club', 'west coast',
  'east coast', 'phonk', 'house', 'synthwave', 'cinematic', 'bouncy', 'sad', 'vibes', 'old school', 'uk',
];
const leasePrices = [1999, 2499, 2999, 3499, 3999];
const exclusivePrices = [24900, 29900, 34900, 39900, 49900, 59900, 74900, 89900];

export interface CatalogEntry {
  title: string;
  artistName: string;
  category: string;
  bpm: number;
  tags: string[];
  priceCents: number | null;
  beatType: 'Exclusive' | 'Non-Exclusive';
  releaseDate: Date;
  countdownEndTime: Date | null;
  trackIndex: number;
  musicalKey: MusicalKey;
  moods: Mood[];
}

export interface CatalogOptions {
  nonExclusive: number;
  exclusive: number;
  /** Distinct audio tracks the beats share; each track's tempo is `trackBpm(i)`. */
  tracks: number;
  /** Tracks that have stems (exclusives use only these, since exclusives include stems). */
  tracksWithStems: (trackIndex: number) => boolean;
  now: Date;
  seed?: number;
}

export function trackBpm(trackIndex: number): number {
  const tempos = [70, 76, 82, 85, 88, 90, 92, 95, 98, 100, 104, 110, 120, 124, 128, 130, 134, 138, 140, 142, 145, 150, 155, 160];
  return tempos[trackIndex % tempos.length]!;
}

function uniqueTitle(random: Random, used: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const title = `${random.pick(firstWords)} ${random.pick(secondWords)}`;
    if (!used.has(title)) {
      used.add(title);
      return title;
    }
  }
  // Past the word pairs' capacity (the 100,000-beat benchmark), number them.
  const title = `${random.pick(firstWords)} ${random.pick(secondWords)} ${used.size + 1}`;
  used.add(title);
  return title;
}

function tagsFor(random: Random): string[] {
  const count = random.int(2, 4);
  const tags = new Set<string>();
  while (tags.size < count) tags.add(random.pick(tagPool));
  return [...tags];
}

const day = 86_400_000;

/** Moods that suit a tag: a beat tagged "dark" or "808" leans dark, one tagged "chill" leans chill. */
const moodsByTag: Record<string, Mood[]> = {
  trap: ['dark', 'aggressive', 'energetic'],
  drill: ['dark', 'aggressive'],
  'boom bap': ['chill', 'bouncy'],
  lofi: ['chill', 'dreamy', 'sad'],
  rnb: ['romantic', 'chill'],
  afrobeat: ['happy', 'bouncy', 'energetic'],
  dancehall: ['bouncy', 'happy'],
  pop: ['happy', 'energetic'],
  dark: ['dark'],
  melodic: ['dreamy', 'romantic'],
  chill: ['chill'],
  hard: ['aggressive', 'energetic'],
  soul: ['romantic', 'sad'],
  emotional: ['sad', 'romantic'],
  club: ['energetic', 'bouncy'],
  phonk: ['dark', 'aggressive'],
  synthwave: ['dreamy', 'epic'],
  cinematic: ['epic', 'dark'],
  bouncy: ['bouncy'],
  sad: ['sad'],
};

/**
 * A key and one to three moods for a beat, from their own seeded sequence so the rest of the catalog stays
 * what it was: moods lean on the beat's tags, minor keys are a little more common than major ones.
 */
function describe(random: Random, tags: string[]): { musicalKey: MusicalKey; moods: Mood[] } {
  const minor = random.chance(0.6);
  const pitch = random.int(0, 11);
  const musicalKey = musicalKeys[pitch * 2 + (minor ? 1 : 0)]!;
  const suggested = tags.flatMap((tag) => moodsByTag[tag] ?? []);
  const chosen = new Set<Mood>();
  const count = random.int(1, 3);
  while (chosen.size < count) chosen.add(suggested.length > 0 && random.chance(0.7) ? random.pick(suggested) : random.pick(moods));
  return { musicalKey, moods: moods.filter((mood) => chosen.has(mood)) };
}

/** What every beat gets, drawn in the same order whatever its kind so the seeded catalog stays what it was. */
function basics(random: Random, describing: Random, used: Set<string>, trackIndex: number) {
  const title = uniqueTitle(random, used);
  const artistName = random.pick(artists);
  const category = random.pick(categories);
  const tags = tagsFor(random);
  return { title, artistName, category, bpm: trackBpm(trackIndex), tags, ...describe(describing, tags) };
}

export function* catalogEntries(options: CatalogOptions): Generator<CatalogEntry> {
  const random = createRandom(options.seed ?? 20261121);
  const describing = createRandom((options.seed ?? 20261121) + 1);
  const used = new Set<string>();
  const stemTracks = Array.from({ length: options.tracks }, (_, i) => i).filter(options.tracksWithStems);

  for (let i = 0; i < options.exclusive; i++) {
    const trackIndex = stemTracks[i % stemTracks.length]!;
    yield {
      ...basics(random, describing, used, trackIndex),
      priceCents: random.pick(exclusivePrices),
      beatType: 'Exclusive',
      releaseDate: new Date(options.now.getTime() - random.int(1, 20) * day),
      // Countdowns end days ahead, at different hours so the cards tick differently.
      countdownEndTime: new Date(options.now.getTime() + random.int(3, 14) * day + random.int(0, 23) * 3_600_000),
      trackIndex,
    };
  }
  for (let i = 0; i < options.nonExclusive; i++) {
    const trackIndex = i % options.tracks;
    yield {
      ...basics(random, describing, used, trackIndex),
      // Most VIP catalog beats carry an MP3 lease price; some are reached only through VIP or a credit (docs/product/catalog-and-search.md#demo-store).
      priceCents: random.chance(0.8) ? random.pick(leasePrices) : null,
      beatType: 'Non-Exclusive',
      releaseDate: new Date(options.now.getTime() - random.int(1, 720) * day - random.int(0, 86_399) * 1000),
      countdownEndTime: null,
      trackIndex,
    };
  }
}
