/** A LIKE/ILIKE pattern matching rows that contain `text` anywhere; `%`, `_` and `\` in it are taken literally. Null for no text. */
export function containsPattern(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
