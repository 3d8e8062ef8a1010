/**
 * The docs stay short and in standard words (CONTRIBUTING.md, `docs/`): a README a newcomer reads in ten minutes, decision
 * records of at most 600 words in the context–decision–consequences form, and the standard names for rendering
 * (prerender, hydrate) rather than words of our own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** Words as `wc -w` counts them: runs of characters between white space. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const decisions = readdirSync(path.join(root, 'docs/decisions')).filter((file) => /^\d{4}-.*\.md$/.test(file));

describe('the docs', () => {
  it('keep the README under 1,500 words', () => {
    expect(words(read('README.md'))).toBeLessThanOrEqual(1_500);
  });

  it('keep every decision record under 600 words, with its context, decision and consequences', () => {
    expect(decisions.length).toBeGreaterThan(0);
    const tooLong = decisions.filter((file) => words(read(`docs/decisions/${file}`)) > 600);
    expect(tooLong).toEqual([]);
    const missing = decisions.filter((file) => {
      const text = read(`docs/decisions/${file}`);
      // A superseded record keeps its decision as it was: `## Decision (as it was)`.
      return !['## Context', '## Decision', '## Consequences'].every((heading) => new RegExp(`^${heading}\\b`, 'm').test(text));
    });
    expect(missing).toEqual([]);
  });

  it('call rendering ahead of time and attaching to the server’s HTML by their standard names', () => {
    const files = ['README.md', 'CONTRIBUTING.md', ...decisions.map((file) => `docs/decisions/${file}`)];
    const own = files.filter((file) => /\b(drawing|takeover)\b/i.test(read(file)));
    expect(own).toEqual([]);
  });
});
