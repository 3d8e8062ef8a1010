import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

describe('a store page\'s Markdown', () => {
  it('writes raw HTML in the text as text, never as markup', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <b>bold</b>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps http(s), mailto and same-site links, marks outside ones, and drops other addresses to their text', () => {
    const html = renderMarkdown('[out](https://example.com/a?b=1&c=2) [mail](mailto:x@y.test) [here](/pages/faq) [bad](javascript:alert(1)) [data](data:text/html,x)');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">out</a>');
    expect(html).toContain('<a href="mailto:x@y.test">mail</a>');
    expect(html).toContain('<a href="/pages/faq">here</a>');
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain('bad');
    expect(html).toContain('data');
  });

  it('keeps images from this site only (lazily loaded); another site\'s image is its alt text', () => {
    expect(renderMarkdown('![cover](/api/files/a.png)')).toContain('<img src="/api/files/a.png" alt="cover" loading="lazy" />');
    const outside = renderMarkdown('![tracker](https://evil.test/p.gif)');
    expect(outside).not.toContain('<img');
    expect(outside).toContain('tracker');
  });
});
