/**
 * A beat's own page at /beat/{slug} (docs/product/screens-and-words.md#beat-page): artwork, title, artist and the
 * facts, the waveform player, every offer, share and embed, and "More like this". A sold exclusive keeps its page,
 * which says 'Sold' in place of the player and the offers (and shows its buyer the downloads). An old slug's response
 * names the current one, and the address is replaced with it; an unknown slug shows the not-found page.
 */
import { MakeOffer } from '../../exclusive-offers';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RotateCw } from 'lucide-react';
import { beatPageMessages } from '@beat/shared/messages';
import { BeatTags } from '../../../components/beat/beat-tags';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Button } from '../../../components/ui/button';
import { beatPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatTime, formatUsDate, groupDigits } from '../../../lib/format';
import { formatReleaseDate } from '../../catalog';
import { FavouriteButton } from '../../favourites';
import { FreeDownloadButton } from '../../free-downloads';
import { isNotFound, useBeatDetail, type BeatDetail } from '../api/get-beat-detail';
import { BeatOffers } from './beat-offers';
import { RelatedBeats } from './related-beats';
import { EmbedCode, ShareButton } from './share-actions';
import { SoldBeat } from './sold-beat';
import { WaveformPlayer } from './waveform-player';
import '../../../components/ui/skeleton.css';
import './beat-page.css';

export interface BeatPageProps {
  slug: string;
  /** What an unknown slug shows: the app's not-found page. */
  notFound: ReactNode;
}

export function BeatPage({ slug, notFound }: BeatPageProps) {
  const detail = useBeatDetail(slug);
  const navigate = useNavigate();
  const location = useLocation();
  const current = detail.data?.beat.slug;

  // An old slug: the beat was renamed; the address becomes the current one without a new history entry.
  useEffect(() => {
    if (current && current !== slug) navigate({ pathname: beatPath(current), search: location.search, hash: location.hash }, { replace: true });
  }, [current, slug, navigate, location.search, location.hash]);

  if (detail.isPending) return <BeatPageSkeleton />;
  if (detail.isError) {
    if (isNotFound(detail.error)) return <>{notFound}</>;
    return (
      <div className="bp-state" role="alert">
        <p>{errorMessage(detail.error)}</p>
        <Button variant="secondary" icon={<RotateCw aria-hidden="true" />} busy={detail.isFetching} onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <BeatPageContent detail={detail.data} />;
}

function BeatPageContent({ detail }: { detail: BeatDetail }) {
  const { beat, sold, playCount, related } = detail;
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Arriving from another page of the app (a row, a card, "More like this"), the reader starts at the title.
  useEffect(() => {
    if (location.key !== 'default') headingRef.current?.focus({ preventScroll: true });
  }, [beat._id, location.key]);

  const released = new Date(beat.releaseDate);
  const facts: [string, ReactNode][] = [
    ['BPM', beat.bpm],
    ['Key', beat.musicalKey ?? '—'],
    ['Genre', beat.category ?? '—'],
    ['Length', beat.durationSeconds ? formatTime(beat.durationSeconds) : '—'],
    ['Plays', groupDigits(playCount)],
    [
      'Released',
      Number.isNaN(released.getTime()) ? (
        formatReleaseDate(beat.releaseDate)
      ) : (
        <time dateTime={beat.releaseDate} title={formatUsDate(released)}>
          {formatReleaseDate(beat.releaseDate)}
        </time>
      ),
    ],
  ];

  return (
    <article className="bp" aria-labelledby="bp-title">
      <title>{`${beat.beatTitle} by ${beat.artistName}${sold ? ` · ${beatPageMessages.sold}` : ''} · Beat Market`}</title>
      <header className="bp-hero">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="bp-hero__backdrop" />
        <div className="bp-hero__art-wrap">
          <BeatArtwork id={beat._id} title={beat.beatTitle} className="bp-hero__art" radius="var(--radius-lg)" />
          <span className={['art-badge', 'bp-hero__badge', beat.beatType === 'Exclusive' && 'bp-hero__badge--exclusive'].filter(Boolean).join(' ')}>
            {beat.beatType === 'Exclusive' ? 'Exclusive' : 'VIP Catalog'}
          </span>
        </div>
        <div className="bp-hero__info">
          {beat.category && <p className="bp-hero__eyebrow">{beat.category}</p>}
          <h1 id="bp-title" ref={headingRef} tabIndex={-1} className="bp-hero__title">
            {beat.beatTitle}
          </h1>
          <p className="bp-hero__artist">
            by <span>{beat.artistName}</span>
          </p>
          {beat.moods.length > 0 && (
            <ul className="bp-chips" aria-label="Moods">
              {beat.moods.map((mood) => (
                <li key={mood} className="bp-chip">
                  {mood}
                </li>
              ))}
            </ul>
          )}
          {/* A sold exclusive has no public preview: nothing to play, download for free or keep as a favourite. */}
          {sold ? (
            <p className="bp-hero__sold">{beatPageMessages.sold}</p>
          ) : (
            <WaveformPlayer beat={beat} queue={[beat, ...related]} />
          )}
          <div className="bp-hero__actions">
            <ShareButton beat={beat} />
            {!sold && <FreeDownloadButton beat={beat} />}
            {!sold && beat.beatType === 'Non-Exclusive' && <FavouriteButton beat={beat} className="bp-hero__fav" />}
          </div>
        </div>
      </header>

      <dl className="bp-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="bp-facts__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      {beat.tags.length > 0 && (
        <BeatTags tags={beat.tags} className="bp-tags" />
      )}

      {sold ? <SoldBeat beat={beat} /> : <BeatOffers beat={beat} />}
      {!sold && beat.beatType === 'Exclusive' && <MakeOffer beat={beat} />}
      {!sold && <EmbedCode beat={beat} />}
      <RelatedBeats beats={related} />
    </article>
  );
}

function BeatPageSkeleton() {
  return (
    <div className="bp" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading the beat
      </p>
      <div className="bp-hero" aria-hidden="true">
        <span className="bp-hero__art-wrap skeleton bp-skeleton bp-skeleton__art" />
        <div className="bp-hero__info">
          <span className="skeleton bp-skeleton bp-skeleton__line bp-skeleton__line--short" />
          <span className="skeleton bp-skeleton bp-skeleton__line bp-skeleton__line--title" />
          <span className="skeleton bp-skeleton bp-skeleton__line bp-skeleton__line--short" />
          <span className="skeleton bp-skeleton bp-skeleton__wave" />
        </div>
      </div>
    </div>
  );
}
