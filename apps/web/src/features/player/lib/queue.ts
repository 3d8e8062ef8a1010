/** The player's track-order rules (docs/product/screens-and-words.md#player), as pure functions so they can be reasoned about and tested alone. */

interface HasId {
  _id: string;
}

function indexOf<T extends HasId>(queue: readonly T[], currentId: string | null): number {
  return currentId === null ? -1 : queue.findIndex((item) => item._id === currentId);
}

/** The next track in order; after the last comes the first again. */
export function nextInOrder<T extends HasId>(queue: readonly T[], currentId: string | null): T | null {
  if (queue.length === 0) return null;
  const index = indexOf(queue, currentId);
  return queue[(index + 1) % queue.length] ?? null;
}

/** The previous track in order; before the first comes the last. */
export function previousInOrder<T extends HasId>(queue: readonly T[], currentId: string | null): T | null {
  if (queue.length === 0) return null;
  const index = indexOf(queue, currentId);
  const target = index <= 0 ? queue.length - 1 : index - 1;
  return queue[target] ?? null;
}

/**
 * Shuffle: a random track of the queue not played yet in this round. When every track has been
 * played the round starts over (the current track excluded, so it does not repeat back-to-back).
 * Returns the pick and the played set of the round it belongs to.
 */
export function pickShuffled<T extends HasId>(
  queue: readonly T[],
  currentId: string | null,
  played: ReadonlySet<string>,
  random: () => number = Math.random,
): { pick: T | null; played: Set<string> } {
  if (queue.length === 0) return { pick: null, played: new Set() };
  let round = new Set(played);
  if (currentId !== null) round.add(currentId);
  let candidates = queue.filter((item) => !round.has(item._id));
  if (candidates.length === 0) {
    round = new Set(currentId === null ? [] : [currentId]);
    candidates = queue.filter((item) => item._id !== currentId);
    // A queue of one track: the only thing to play next is that track again.
    if (candidates.length === 0) candidates = [...queue];
  }
  const pick = candidates[Math.floor(random() * candidates.length)] ?? candidates[0] ?? null;
  if (pick) round.add(pick._id);
  return { pick, played: round };
}
