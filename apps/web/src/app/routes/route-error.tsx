/**
 * The error page. Inside the shell it replaces only the page; at the root (the shell itself failed) it
 * fills the window. A failed lazy chunk (typically after a new release) gets a reload button.
 */
import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import { paths } from '../../config/paths';
import { Button, buttonClassName } from '../../components/ui/button';
import { StatusPage } from '../layout/status-page';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
      error.message,
    )
  );
}

/** What a page or the shell threw; `standalone` (the shell failed too) fills the window. */
export function RouteError({ error, standalone = true }: { error: unknown; standalone?: boolean }) {
  const fill = standalone;

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
