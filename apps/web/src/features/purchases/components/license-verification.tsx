/**
 * /licenses/verify/{licenseId}: anyone — a distributor, a label, a platform handling a claim — checks that a license
 * is genuine. It shows the beat, the license type, the purchase date, the status and the buyer's name in part
 * (docs/product/licenses.md#verification).
 */
import { Link } from 'react-router';
import { BadgeCheck, CircleAlert, CircleSlash } from 'lucide-react';
import type { LicenseStatus } from '@beat/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { beatPath, paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLicenseVerification } from '../api/verify-license';
import { formatPurchaseDate } from '../lib/format-date';
import './license-verification.css';

const statusWords: Record<LicenseStatus, { title: string; text: string }> = {
  valid: { title: 'Valid license', text: 'This license was issued by Beat Market and is in force.' },
  refunded: { title: 'Refunded: not in force', text: 'The purchase behind this license was refunded, so it grants nothing.' },
  superseded: { title: 'Superseded', text: 'The buyer upgraded this license; the newer license of the same beat is the one in force.' },
};

export function LicenseVerification({ licenseId }: { licenseId: string }) {
  const check = useLicenseVerification(licenseId);
  return (
    <article className="card lv" aria-labelledby="lv-title">
      <title>License check · Beat Market</title>
      <p className="eyebrow lv__eyebrow">License check</p>
      <h1 id="lv-title" className="lv__title">
        {check.data ? statusWords[check.data.status].title : 'License'}
      </h1>
      <p className="lv__id">
        License id <code>{check.data?.licenseId ?? licenseId}</code>
      </p>
      {check.isPending ? (
        <div className="lv__state">
          <Spinner label="Checking the license" />
        </div>
      ) : check.isError ? (
        <div className={`lv__verdict lv__verdict--unknown`} role="alert">
          <CircleAlert aria-hidden="true" />
          <div>
            <p className="lv__verdict-title">{check.error instanceof ApiError && check.error.status === 404 ? 'No such license' : 'Cannot check now'}</p>
            <p>{errorMessage(check.error)}</p>
            {!(check.error instanceof ApiError && check.error.status < 500) && (
              <Button size="sm" variant="secondary" onClick={() => void check.refetch()}>
                Try again
              </Button>
            )}
          </div>
        </div>
      ) : (
        <>
          <div className={`lv__verdict lv__verdict--${check.data.status}`} role="status">
            {check.data.status === 'valid' ? <BadgeCheck aria-hidden="true" /> : <CircleSlash aria-hidden="true" />}
            <p>{statusWords[check.data.status].text}</p>
          </div>
          <dl className="lv__facts">
            <div>
              <dt>Beat</dt>
              <dd>
                {check.data.beatSlug ? <Link to={beatPath(check.data.beatSlug)}>{check.data.beatTitle}</Link> : check.data.beatTitle}
                {check.data.artistName && <span className="lv__artist"> by {check.data.artistName}</span>}
              </dd>
            </div>
            <div>
              <dt>License type</dt>
              <dd>{check.data.licenseType}</dd>
            </div>
            <div>
              <dt>Purchase date</dt>
              <dd>{formatPurchaseDate(check.data.purchaseDate)}</dd>
            </div>
            <div>
              <dt>Licensee</dt>
              <dd>{check.data.buyer}</dd>
            </div>
          </dl>
          <p className="lv__note">Only part of the licensee’s name is shown. Compare it with the name on the license PDF.</p>
        </>
      )}
      <ButtonLink to={paths.home} size="sm" variant="ghost">
        Visit the store
      </ButtonLink>
    </article>
  );
}
