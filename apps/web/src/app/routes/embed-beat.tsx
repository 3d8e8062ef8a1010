/** /embed/beat/{slug}: a beat's small player for other sites to frame (docs/product/screens-and-words.md#beat-page). Its own chunk, so it loads no more than it shows. */
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { EmbedBeatPage } from '../../features/beat-page';

export function EmbedBeatRoutePage() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={null}>
      <EmbedBeatPage slug={slug} />
    </Suspense>
  );
}
