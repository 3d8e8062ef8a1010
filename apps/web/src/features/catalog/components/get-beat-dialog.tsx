/**
 * "Get this beat": the licence options of a beat with the server's prices — MP3 lease (the beat's
 * price), Stems, and the VIP catalog (or 'You are a VIP Member'). Purchases and unlocks arrive in a
 * later issue; until then only the VIP plan can be bought from here.
 */
import { useState } from 'react';
import { Coins, Crown, FileAudio, Layers } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatPrice } from '../../../lib/format';
import { useAuth } from '../../auth/auth-context';
import { VipPlanCard, VipPlanModal } from '../../vip-upsell';
import { useStoreConfig } from '../api/get-store-config';
import './get-beat-dialog.css';

export interface GetBeatDialogProps {
  beat: Beat;
  open: boolean;
  onClose: () => void;
}

export function GetBeatDialog({ beat, open, onClose }: GetBeatDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Get this beat" size="md">
      <GetBeatContent beat={beat} />
    </Modal>
  );
}

function GetBeatContent({ beat }: { beat: Beat }) {
  const { user } = useAuth();
  const config = useStoreConfig();
  const [planOpen, setPlanOpen] = useState(false);
  const isVip = user?.userType === 'vipUser';
  const credits = user?.Credits ?? 0;

  return (
    <div className="getbeat">
      <div className="getbeat__beat">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="getbeat__art" />
        <div>
          <p className="getbeat__title">{beat.beatTitle}</p>
          <p className="getbeat__meta">
            {beat.artistName} · {beat.bpm} BPM
          </p>
        </div>
      </div>

      {isVip && (
        <p className="getbeat__vip" role="status">
          <Crown aria-hidden="true" />
          You are a VIP Member
        </p>
      )}

      <ul className="getbeat__options" aria-label="Licence options">
        {!isVip && credits > 0 && (
          <li className="getbeat__option">
            <span className="getbeat__icon" aria-hidden="true">
              <Coins />
            </span>
            <div className="getbeat__text">
              <p className="getbeat__name">Credit unlock</p>
              <p className="getbeat__desc">
                One credit unlocks this beat's MP3 and WAV for good. You have {credits} {credits === 1 ? 'credit' : 'credits'}.
              </p>
            </div>
            <p className="getbeat__price">1 credit</p>
          </li>
        )}
        <li className="getbeat__option">
          <span className="getbeat__icon" aria-hidden="true">
            <FileAudio />
          </span>
          <div className="getbeat__text">
            <p className="getbeat__name">MP3 lease</p>
            <p className="getbeat__desc">
              {beat.price === null
                ? 'Not sold as a single lease — included in the VIP catalog.'
                : 'MP3 file with a non-exclusive licence.'}
            </p>
          </div>
          <p className="getbeat__price">{beat.price === null ? '—' : formatPrice(beat.price)}</p>
        </li>
        <li className="getbeat__option">
          <span className="getbeat__icon" aria-hidden="true">
            <Layers />
          </span>
          <div className="getbeat__text">
            <p className="getbeat__name">Stems</p>
            <p className="getbeat__desc">
              {beat.hasStems ? 'Every track of the beat, for your own mix.' : 'Stems are not available for this beat, sorry'}
            </p>
          </div>
          <p className="getbeat__price">{beat.hasStems && config.data ? formatPrice(config.data.stemsPrice) : '—'}</p>
        </li>
      </ul>

      {!isVip && (
        <VipPlanCard
          compact
          price={config.data?.vipPlanPrice}
          action={
            <Button block onClick={() => setPlanOpen(true)} disabled={!config.data}>
              Get Access
            </Button>
          }
        />
      )}
      <VipPlanModal open={planOpen} onClose={() => setPlanOpen(false)} />
    </div>
  );
}
