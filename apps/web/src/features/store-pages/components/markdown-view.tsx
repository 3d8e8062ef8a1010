/** A store page's Markdown, rendered safely (lib/render-markdown.ts): links inside the store stay in the app. */
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { renderMarkdown } from '../lib/render-markdown';
import './markdown-view.css';

export function MarkdownView({ markdown, className }: { markdown: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const navigate = useNavigate();

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    // A click on a link inside is handled here; the links themselves stay real links for the keyboard.
    <div className={['markdown', className].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
