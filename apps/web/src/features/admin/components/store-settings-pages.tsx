/** Store Settings' "Store pages": the Markdown of About, FAQ, Terms, Privacy and Refund Policy, each with its preview (docs/product/store-pages.md#editing). */
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { STORE_PAGE_MAX_CHARS, storePageBody, storePagePath, storePageSlugs, storePageTitles, type StorePage, type StorePageSlug } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { FieldMessages } from '../../../components/ui/field-messages';
import { errorMessage } from '../../../lib/api-client';
import { MarkdownView } from '../../store-pages';
import { useAdminStorePages } from '../api/get-admin-store-pages';
import { useSaveStorePage } from '../api/save-store-page';
import { AdminCard } from './admin-card';
import { QueryContent } from './query-content';
import { Tabs } from './tabs';

export function StorePagesSection() {
  const pages = useAdminStorePages();
  const [active, setActive] = useState<StorePageSlug>('about');

  return (
    <AdminCard
      className="store-settings__pages"
      title="Store pages"
      lead={
        <>
          The texts linked at the foot of the side menu, in Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>- list</code>,{' '}
          <code>[link](https://…)</code>. HTML is shown as text.
        </>
      }
    >
      <QueryContent query={pages} errorLead="The store pages could not be loaded" loadingLabel="Loading the store pages">
        {(data) => (
          <Tabs
            label="Store pages"
            active={active}
            onChange={setActive}
            tabs={storePageSlugs.map((slug) => {
              const page = data.pages.find((p) => p.slug === slug);
              return {
                id: slug,
                label: storePageTitles[slug],
                panel: <StorePageEditor key={`${slug} ${page?.updatedAt ?? ''}`} slug={slug} page={page} />,
              };
            })}
          />
        )}
      </QueryContent>
    </AdminCard>
  );
}

function StorePageEditor({ slug, page }: { slug: StorePageSlug; page: StorePage | undefined }) {
  const id = useId();
  const title = storePageTitles[slug];
  const [text, setText] = useState(page?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveStorePage();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const changed = text !== (page?.body ?? '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = storePageBody.safeParse({ body: text });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'This text cannot be saved.');
    setError(null);
    try {
      await save.mutateAsync({ slug, body: text });
      toast.success(`${title} saved. Visitors see it now.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form className="store-page-editor" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending || undefined}>
      <div className="store-page-editor__write">
        <label htmlFor={id} className="field__label">
          {title} (Markdown)
        </label>
        <textarea
          id={id}
          className="field__input store-page-editor__text"
          value={text}
          rows={18}
          spellCheck
          aria-invalid={error ? true : undefined}
          aria-describedby={[countId, error && errorId].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <p id={countId} className={text.length > STORE_PAGE_MAX_CHARS ? 'store-page-editor__count is-over' : 'store-page-editor__count'}>
          {text.length.toLocaleString('en-US')} of {STORE_PAGE_MAX_CHARS.toLocaleString('en-US')} characters
        </p>
        <FieldMessages error={error} errorId={errorId} errorRole="alert" />
        <div className="store-page-editor__actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={!changed && !save.isPending}>
            Save {title}
          </Button>
          <Link className="store-page-editor__open" to={storePagePath(slug)}>
            Open the page <ExternalLink aria-hidden="true" />
          </Link>
        </div>
      </div>
      <div className="store-page-editor__preview" aria-label={`Preview of ${title}`} role="region">
        <p className="store-page-editor__preview-label" aria-hidden="true">
          Preview
        </p>
        <MarkdownView markdown={text} />
      </div>
    </form>
  );
}
