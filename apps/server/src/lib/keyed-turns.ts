/** Work for one key runs one at a time in this process, in the order it was asked; work for other keys runs alongside. */
export function keyedTurns(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const last = new Map<string, Promise<void>>();
  return async (key, work) => {
    const before = last.get(key) ?? Promise.resolve();
    let done!: () => void;
    const turn = new Promise<void>((resolve) => (done = resolve));
    const mine = before.then(() => turn);
    last.set(key, mine);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (last.get(key) === mine) last.delete(key);
    }
  };
}
