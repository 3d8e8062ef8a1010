/** Any path the router does not know. */
import { NotFoundContent } from '../layout/not-found-content';

export function NotFoundPage() {
  return <NotFoundContent />;
}
