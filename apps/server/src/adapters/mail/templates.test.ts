import { describe, expect, it } from 'vitest';
import { escapeHtml, productUrl, renderEmail } from './templates.js';

describe('renderEmail', () => {
  const mail = renderEmail({
    subject: 'Your receipt',
    heading: 'Thanks <3',
    greeting: 'Hi Zoë & co,',
    paragraphs: ['First <b>line</b>.'],
    code: { label: 'Code', value: 'AB2CD' },
    table: { rows: [['Night Drive', '$19.99']], total: ['Total', '$19.99'] },
    action: { label: 'Open', url: 'https://shop.test/a?b=1&c="2"' },
    footnote: 'Ignore if not you.',
  });

  it('names the product in both bodies', () => {
    expect(mail.subject).toBe('Your receipt');
    expect(mail.text.startsWith('Beat Market — Thanks <3')).toBe(true);
    expect(mail.text).toContain('— The Beat Market team');
    expect(mail.html).toContain('Beat Market');
  });

  it('has the same content in text and HTML, escaped in HTML', () => {
    expect(mail.text).toContain('Hi Zoë & co,');
    expect(mail.text).toContain('First <b>line</b>.');
    expect(mail.text).toContain('Code: AB2CD');
    expect(mail.text).toContain('Night Drive: $19.99');
    expect(mail.text).toContain('Total: $19.99');
    expect(mail.text).toContain('Open: https://shop.test/a?b=1&c="2"');
    expect(mail.html).toContain('Hi Zoë &amp; co,');
    expect(mail.html).toContain('First &lt;b&gt;line&lt;/b&gt;.');
    expect(mail.html).not.toContain('<b>line');
    expect(mail.html).toContain('href="https://shop.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.html).toContain('>AB2CD<');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('productUrl', () => {
  it('uses PUBLIC_URL, else the listening address', () => {
    expect(productUrl({ publicUrl: 'https://beats.example', host: '0.0.0.0', port: 80 }, '/otpverification')).toBe(
      'https://beats.example/otpverification',
    );
    expect(productUrl({ publicUrl: 'https://x.test/shop/', host: 'h', port: 1 }, 'login')).toBe('https://x.test/shop/login');
    expect(productUrl({ publicUrl: undefined, host: '0.0.0.0', port: 3000 }, '/login')).toBe('http://127.0.0.1:3000/login');
  });
});
