/**
 * The dashboard's upgrades (docs/product/licenses.md#upgrades): each MP3 lease the buyer holds of a beat whose
 * exclusive is for sale, with "Upgrade to exclusive for $Y". Nothing shows while there are none (or they failed to
 * load: buying the exclusive stays open on the beat page).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { UpgradeOffer } from '@beat/shared';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { beatPath } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { KeepAmountTogether, UpgradeButton, upgradeWords, useUpgrades } from '../../cart';

export function UpgradeOffers() {
  const { upgrades } = useUpgrades();
  if (upgrades.length === 0) return null;
  return (
    <section className="dash-section" aria-labelledby="dash-upgrades">
      <div className="cat-section__head">
        <h2 id="dash-upgrades" className="section-heading cat-section__title">
          Upgrade to exclusive
        </h2>
      </div>
      <p className="up-lead">You hold the MP3 lease of these beats, now for sale exclusively: pay only the difference.</p>
      <ul className="up-list" aria-label="Upgrades">
        {upgrades.map((upgrade) => (
          <UpgradeCard key={upgrade.beatId} upgrade={upgrade} />
        ))}
      </ul>
    </section>
  );
}

function UpgradeCard({ upgrade }: { upgrade: UpgradeOffer }) {
  const titleId = useId();
  return (
    <li className="up-card">
      <BeatArtwork id={upgrade.beatId} title={upgrade.beatTitle} className="up-card__art" />
      <div className="up-card__body">
        <h3 id={titleId} className="up-card__title">
          <Link to={beatPath(upgrade.slug)}>{upgrade.beatTitle}</Link>
        </h3>
        <p className="up-card__meta">
          {upgrade.artistName} · Exclusive {formatPrice(upgrade.exclusivePrice)}
        </p>
        <p className="up-card__paid">
          <KeepAmountTogether text={upgradeWords.ownedLease(upgrade.alreadyPaid)} />
        </p>
      </div>
      <UpgradeButton upgrade={upgrade} size="sm" className="up-card__action" aria-describedby={titleId} />
    </li>
  );
}
