/**
 * The router's error page. Inside the shell it replaces only the page; at the root (the shell itself failed) it
 * fills the window. A failed lazy chunk (typically after a new release) gets a reload button.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import { paths } from '../../config/paths';
import { Button, buttonClassName } from '../../components/ui/button';
import { StatusPage } from '../layout/status-page';
import { NotFoundContent } from '../layout/not-found-content';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
      error.message,
    )
  );
}

/** The root route's error page: the shell failed too, so it fills the window. */
export function RouteError({ standalone = true }: { standalone?: boolean }) {
  const error = useRouteError();
  const fill = standalone;

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent standalone={fill} />;

  const chunk = isChunkLoadError(error);
  if (import.meta.env.DEV) console.error(error);

  return (
    <>
      <title>Something went wrong · Beat Market</title>
      <StatusPage
        standalone={fill}
        art={<AlertTriangle />}
        title={chunk ? 'A new version is available' : 'Something went wrong'}
        actions={
          <>
            <Button icon={<RefreshCw />} onClick={() => window.location.reload()}>
              Reload page
            </Button>
            {/* A full page load, not a router link: the router may be what failed. */}
            <a className={buttonClassName({ variant: 'secondary' })} href={paths.home}>
              <ArrowLeft aria-hidden="true" />
              Back to the catalog
            </a>
          </>
        }
      >
        <p>
          {chunk
            ? 'Part of this page could not be loaded. Reload to get the latest version of Beat Market.'
            : 'This page hit a wrong note. Try again, and if it keeps happening, come back in a moment.'}
        </p>
      </StatusPage>
    </>
  );
}

/** A page's error page, shown inside the shell (menu and player keep working). */
export function PageError() {
  return <RouteError standalone={false} />;
}
