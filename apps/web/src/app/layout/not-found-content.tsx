/** The 404 page's content, shared by the catch-all route and the error page (a thrown 404). */
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../config/paths';
import { ButtonLink } from '../../components/ui/button';
import { StatusPage } from './status-page';

export function NotFoundContent({ standalone = false }: { standalone?: boolean }) {
  return (
    <>
      <title>Page not found · Beat Market</title>
      <StatusPage
        standalone={standalone}
        bareArt
        art={<span className="status-page__code">404</span>}
        title="Page not found"
        actions={
          <ButtonLink to={paths.home} icon={<ArrowLeft />}>
            Back to the catalog
          </ButtonLink>
        }
      >
        <p>This track skipped. The page you asked for does not exist or has moved.</p>
      </StatusPage>
    </>
  );
}
