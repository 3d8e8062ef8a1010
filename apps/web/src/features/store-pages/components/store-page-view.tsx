/** One of the store's pages: its title and the admin's Markdown (docs/product/store-pages.md). */
import { storePageTitles, type StorePageSlug } from '@beat/shared/messages';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useStorePage } from '../api/get-store-page';
import { MarkdownView } from './markdown-view';
import './store-page-view.css';

export function StorePageView({ slug }: { slug: StorePageSlug }) {
  const page = useStorePage(slug);
  const title = storePageTitles[slug];
  return (
    <article className="store-text-page" aria-labelledby="store-text-page-title">
      <title>{`${title} · Beat Market`}</title>
      <header className="store-text-page__header">
        <p className="store-text-page__eyebrow">Beat Market</p>
        <h1 id="store-text-page-title" className="store-text-page__title">
          {title}
        </h1>
        {page.data && (
          <p className="store-text-page__updated">
            Last updated{' '}
            <time dateTime={page.data.updatedAt}>
              {new Date(page.data.updatedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </p>
        )}
      </header>
      {page.isError ? (
        <div className="store-text-page__state" role="alert">
          <p>This page could not be loaded: {errorMessage(page.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void page.refetch()}>
            Try again
          </Button>
        </div>
      ) : page.data ? (
        <MarkdownView markdown={page.data.body} className="store-text-page__body" />
      ) : (
        <div className="store-text-page__state">
          <Spinner label={`Loading the ${title} page`} />
        </div>
      )}
    </article>
  );
}
