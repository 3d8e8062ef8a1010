/** A LIKE/ILIKE pattern matching rows that contain `text` anywhere; `%`, `_` and `\` in it are taken literally. */
export function containsPattern(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
