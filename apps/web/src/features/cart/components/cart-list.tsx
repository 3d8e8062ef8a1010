/**
 * A selectable list of cart rows (title, licence label, price in $, remove icon) with "Select all"
 * (docs/product/screens-and-words.md#cart). A beat line names its licence tier and, when the beat offers others, has a
 * list to change it (docs/product/licenses.md#tiers).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowUpRight, Trash2 } from 'lucide-react';
import type { CartTierChoice, LicenceOffer, TierRef } from '@beat/shared';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Checkbox } from '../../../components/ui/checkbox';
import { IconButton, buttonClassName } from '../../../components/ui/button';
import { beatPath } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { upgradeWords } from '../lib/upgrade-words';
import { KeepAmountTogether } from './keep-amount-together';

export interface CartListItem {
  _id: string;
  beatTitle: string;
  artistName: string | null;
  /** The beat page's address, when known: the title links there. */
  slug: string | null;
  /** MP3 / EXCLUSIVE / STEMS. */
  label: string;
  /** Whose terms the line sells (the order summary shows them). */
  offer: LicenceOffer;
  price: number | null;
  /** Why this line cannot be paid (a sold or ended exclusive), shown on the line. */
  unavailable?: string;
  /** An upgrade from the buyer's MP3 lease: `price` is the upgrade's. */
  upgrade?: { alreadyPaid: number };
  /** The licence tier the line buys, and the tiers it may be changed to, each at its price for this buyer. */
  tier?: TierRef;
  tiers?: CartTierChoice[];
}

export interface CartListProps {
  title: string;
  items: CartListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onRemove: (item: CartListItem) => void;
  removingId?: string;
  /** Changes a line's tier (the account's beat cart); without it the tier is only named. */
  onChangeTier?: (item: CartListItem, tier: string) => void;
  /** The line whose tier is being changed. */
  changingTierId?: string;
}

export function CartList({ title, items, selected, onToggle, onToggleAll, onRemove, removingId, onChangeTier, changingTierId }: CartListProps) {
  const listId = useId();
  const allSelected = items.length > 0 && items.every((i) => selected.has(i._id));
  return (
    <div className="cart-list">
      <div className="cart-list__head">
        <Checkbox
          label={`Select all ${title.toLowerCase()}`}
          checked={allSelected}
          onChange={(event) => onToggleAll(event.currentTarget.checked)}
          className="cart-list__all"
        />
        <span className="cart-list__count">
          {selected.size > 0 ? `${selected.size} of ${items.length} selected` : `${items.length} ${items.length === 1 ? 'item' : 'items'}`}
        </span>
      </div>
      <ul className="cart-list__rows" aria-label={title}>
        {items.map((item) => {
          const isSelected = selected.has(item._id);
          const inputId = `${listId}-${item._id}`;
          return (
            <li
              key={item._id}
              className={['cart-row', isSelected && 'cart-row--selected', item.unavailable && 'cart-row--unavailable'].filter(Boolean).join(' ')}
            >
              <input
                id={inputId}
                type="checkbox"
                className="cart-row__check"
                checked={isSelected}
                onChange={() => onToggle(item._id)}
              />
              <label htmlFor={inputId} className="cart-row__main">
                <span className="cart-row__box" aria-hidden="true" />
                <BeatArtwork id={item._id} title={item.beatTitle} className="cart-row__art" />
                <span className="cart-row__text">
                  <span id={`${inputId}-title`} className="cart-row__title">
                    {item.beatTitle}
                  </span>
                  {item.artistName && <span className="cart-row__artist">{item.artistName}</span>}
                  {/* An MP3 line names its tier here when it has no list to change it (the chip says EXCLUSIVE or STEMS). */}
                  {item.label === 'MP3' && item.tier && !tierChoice(item, onChangeTier) && <span className="cart-row__tier">{item.tier.name}</span>}
                  {item.upgrade && (
                    <span className="cart-row__upgrade">
                      <KeepAmountTogether text={upgradeWords.cartLine(item.upgrade.alreadyPaid)} />
                    </span>
                  )}
                  {item.unavailable && <span className="cart-row__unavailable">{item.unavailable}</span>}
                </span>
                <span className={`cart-row__label cart-row__label--${item.label.toLowerCase()}`}>{chipText(item)}</span>
                <span className="cart-row__price">{item.price === null ? '—' : formatPrice(item.price)}</span>
              </label>
              {item.tier && item.tiers && onChangeTier && tierChoice(item, onChangeTier) && (
                <TierSelect titleId={`${inputId}-title`} tier={item.tier} tiers={item.tiers} busy={changingTierId === item._id} onChange={(key) => onChangeTier(item, key)} />
              )}
              {/* The row's label selects it; the beat's page has its own link. */}
              {item.slug && (
                <Link
                  to={beatPath(item.slug)}
                  className={buttonClassName({ variant: 'ghost', size: 'sm' }, 'btn--icon cart-row__open')}
                  aria-label={`View ${item.beatTitle}`}
                  title={`View ${item.beatTitle}`}
                >
                  <ArrowUpRight aria-hidden="true" />
                </Link>
              )}
              <IconButton
                label={`Remove ${item.beatTitle} from cart`}
                icon={<Trash2 aria-hidden="true" />}
                size="sm"
                busy={removingId === item._id}
                onClick={() => onRemove(item)}
                className="cart-row__remove"
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The line's chip: MP3, EXCLUSIVE or STEMS, or the name of a higher tier ("WAV Lease") so a WAV line never reads MP3. */
const chipText = (item: CartListItem) => (item.label === 'MP3' && item.tier && item.tier.key !== 'lease' ? item.tier.name : item.label);

/** The line has tiers to choose from, and the screen lets the buyer change it. */
const tierChoice = (item: CartListItem, onChangeTier: CartListProps['onChangeTier']) => Boolean(onChangeTier && item.tier && item.tiers && item.tiers.length > 1);

/** The line's licence tier as a list of the tiers it may be changed to, each with its price; named "License <title>". */
function TierSelect({ titleId, tier, tiers, busy, onChange }: { titleId: string; tier: TierRef; tiers: CartTierChoice[]; busy: boolean; onChange: (tier: string) => void }) {
  const id = useId();
  return (
    <div className="cart-row__tiers">
      <label id={`${id}-label`} htmlFor={id} className="cart-row__tiers-label">
        License
      </label>
      <select
        id={id}
        className="field__input cart-row__tiers-select"
        aria-labelledby={`${id}-label ${titleId}`}
        value={tier.key}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {tiers.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.name} — {formatPrice(choice.price)}
          </option>
        ))}
      </select>
    </div>
  );
}
