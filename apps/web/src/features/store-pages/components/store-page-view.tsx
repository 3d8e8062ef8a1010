/** One of the store's pages: its title and the admin's Markdown (docs/product/store-pages.md). */
import { storePageTitles, type StorePageSlug } from '@beat/shared/messages';
import { TextPage } from '../../../components/text-page/text-page';
import { errorMessage } from '../../../lib/api-client';
import { useStorePage } from '../api/get-store-page';
import { MarkdownView } from './markdown-view';

export function StorePageView({ slug }: { slug: StorePageSlug }) {
  const page = useStorePage(slug);
  const title = storePageTitles[slug];
  return (
    <TextPage
      documentTitle={title}
      eyebrow="Beat Market"
      title={title}
      meta={
        page.data && (
          <>
            Last updated{' '}
            <time dateTime={page.data.updatedAt}>
              {new Date(page.data.updatedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </>
        )
      }
      state={{
        error: page.isError ? `This page could not be loaded: ${errorMessage(page.error)}` : null,
        loading: page.data ? null : `Loading the ${title} page`,
        retry: () => void page.refetch(),
      }}
    >
      {page.data && <MarkdownView markdown={page.data.body} />}
    </TextPage>
  );
}
