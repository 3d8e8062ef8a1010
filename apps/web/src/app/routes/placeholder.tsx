/** Routes whose feature has not landed yet: a clear page, never a blank one. */
import { ArrowLeft, Construction } from 'lucide-react';
import { paths } from '../../config/paths';
import { ButtonLink } from '../../components/ui/button';
import { StatusPage } from '../layout/status-page';

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Beat Market`}</title>
      <StatusPage
        art={<Construction />}
        title={title}
        actions={
          <ButtonLink to={paths.home} icon={<ArrowLeft />}>
            Back to the catalog
          </ButtonLink>
        }
      >
        <p>This part of the store opens soon. Meanwhile, the whole catalog is ready to play.</p>
      </StatusPage>
    </>
  );
}
