/** Settles with `answer`, or rejects once `ms` have passed without one (the work itself goes on). */
export function within<T>(answer: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
