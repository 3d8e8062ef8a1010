/**
 * The embeddable player at /embed/beat/{slug} (docs/product/screens-and-words.md#beat-page): artwork, title, artist,
 * play and the waveform, and "Buy on Beat Market", which opens the beat's page in a new tab. Other sites frame it;
 * it has no menu, no player bar and nothing else of the store's layout.
 */
import { ExternalLink } from 'lucide-react';
import { beatPageMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Spinner } from '../../../components/ui/spinner';
import { beatPath, paths } from '../../../config/paths';
import { isNotFound, useBeatDetail } from '../api/get-beat-detail';
import { WaveformPlayer } from './waveform-player';
import './embed-beat-page.css';

export function EmbedBeatPage({ slug }: { slug: string }) {
  const detail = useBeatDetail(slug);

  if (detail.isPending) {
    return (
      <main className="embed embed--state">
        <Spinner label="Loading the beat" />
      </main>
    );
  }
  // A sold exclusive has nothing left to play or buy: its player is gone, as an unknown beat's.
  if (detail.isError || detail.data.sold) {
    const gone = detail.data?.sold || isNotFound(detail.error);
    return (
      <main className="embed embed--state">
        <title>Beat Market</title>
        <p>{gone ? 'This beat is no longer available.' : 'This beat could not be loaded.'}</p>
        <a className="embed__buy" href={paths.home} target="_blank" rel="noopener">
          Beat Market
          <ExternalLink aria-hidden="true" />
        </a>
      </main>
    );
  }

  const { beat } = detail.data;
  const facts = [`${beat.bpm} BPM`, beat.musicalKey, beat.category].filter(Boolean).join(' · ');
  return (
    <main className="embed">
      <title>{`${beat.beatTitle} by ${beat.artistName} · Beat Market`}</title>
      <BeatArtwork id={beat._id} title={beat.beatTitle} className="embed__art" />
      <div className="embed__main">
        <div className="embed__head">
          <div className="embed__text">
            <h1 className="embed__title">{beat.beatTitle}</h1>
            <p className="embed__artist">
              {beat.artistName}
              <span className="embed__facts"> · {facts}</span>
            </p>
          </div>
          <a className="embed__buy" href={beatPath(beat.slug)} target="_blank" rel="noopener">
            {beatPageMessages.buyOnBeatMarket}
            <ExternalLink aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        <WaveformPlayer beat={beat} variant="embed" />
      </div>
    </main>
  );
}
