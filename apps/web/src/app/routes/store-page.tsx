/** /pages/about, /pages/faq, /pages/terms, /pages/privacy, /pages/refund-policy: the store's own pages (docs/product/store-pages.md). */
import { useParams } from 'react-router';
import { storePageSlugs, type StorePageSlug } from '@beat/shared/messages';
import { StorePageView } from '../../features/store-pages';
import { NotFoundPage } from './not-found';

const isSlug = (value: string | undefined): value is StorePageSlug => storePageSlugs.includes(value as StorePageSlug);

export function StorePageRoute() {
  const { slug } = useParams();
  if (!isSlug(slug)) return <NotFoundPage />;
  return (
    <div className="store-page">
      <StorePageView key={slug} slug={slug} />
    </div>
  );
}
