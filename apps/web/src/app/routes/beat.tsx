/** /beat/{slug}: a beat's own page (docs/product/screens-and-words.md#beat-page). */
import { useParams } from 'react-router';
import { BeatPage } from '../../features/beat-page';
import { NotFoundContent } from '../layout/not-found-content';

export function BeatRoutePage() {
  const { slug = '' } = useParams();
  return <BeatPage slug={slug} notFound={<NotFoundContent />} />;
}
