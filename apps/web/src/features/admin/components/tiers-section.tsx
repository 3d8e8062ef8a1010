/**
 * Admin → Licenses, "License tiers" (docs/product/licenses.md#tiers): the store's tiers in the order buyers see them,
 * each with its files, default price and switch; Move up and Move down reorder them, Edit changes one, and a form adds
 * one. The MP3 Lease and the Exclusive are the store's built-in tiers (docs/product/licenses.md#tiers): they can only be moved.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { fileTypes, type AdminTier, type CreateTierBody } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { errorMessage } from '../../../lib/api-client';
import { useCreateTier } from '../api/create-tier';
import { useAdminTiers } from '../api/get-admin-tiers';
import { useReorderTiers } from '../api/reorder-tiers';
import { useUpdateTier } from '../api/update-tier';
import { usePriceForm } from '../hooks/use-price-form';
import { defaultPriceText, emptyTierDraft, filesText, tierToDraft, type TierDraft } from '../lib/tier-draft';
import { FormOutcome } from './form-outcome';
import { AdminCard } from './admin-card';
import { QueryContent } from './query-content';
import { TierFields } from './tier-fields';
import './admin-forms.css';
import './admin-table.css';
import './deals.css';
import './tiers.css';

export function TiersSection() {
  const tiers = useAdminTiers();
  return (
    <AdminCard
      className="tiers"
      title="License tiers"
      lead={
        <>
          The licenses each beat is sold as, in the order buyers see them. A beat offers a tier only when it has the tier&rsquo;s files; a
          beat may set its own price or switch a tier off in Beats Management.
        </>
      }
    >
      <QueryContent query={tiers} errorLead="The tiers could not be loaded" loadingLabel="Loading the tiers">
        {(data) => <TierList tiers={data.tiers} />}
      </QueryContent>
      <AddTierForm />
    </AdminCard>
  );
}

type Move = { key: string; by: -1 | 1 };

function TierList({ tiers }: { tiers: AdminTier[] }) {
  const reorder = useReorderTiers();
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // After a move the list is drawn anew: the pressed button keeps the focus, or its pair when it can go no further.
  const [moved, setMoved] = useState<Move | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!moved) return;
    const button = (by: number) => list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.key}:${by}"]`);
    const pressed = button(moved.by);
    (pressed && !pressed.disabled ? pressed : button(-moved.by))?.focus();
  }, [moved, tiers]);

  async function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (reorder.isPending || target < 0 || target >= tiers.length) return;
    const keys = tiers.map((t) => t.key);
    [keys[index], keys[target]] = [keys[target]!, keys[index]!];
    setFailure(null);
    try {
      await reorder.mutateAsync(keys);
      setMoved({ key: tiers[index]!.key, by });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <>
      <FormOutcome failure={failure} saved={null} />
      <ol ref={list} className="tier-list" aria-busy={reorder.isPending || undefined}>
        {tiers.map((tier, index) => (
          <li key={tier.key} className={tier.active ? 'tier-row' : 'tier-row is-off'}>
            <div className="tier-row__main">
              <h3 className="tier-row__name">
                <span className="tier-row__place">{index + 1}.</span> {tier.name}
                {tier.builtIn && <span className="admin-pill tier-row__pill">Built-in</span>}
                <span className={tier.active ? 'admin-pill admin-pill--published tier-row__pill' : 'admin-pill tier-row__pill'}>
                  {tier.active ? 'On' : 'Off'}
                </span>
              </h3>
              <dl className="tier-row__facts">
                <div>
                  <dt>Files</dt>
                  <dd>{tier.exclusive ? `Everything the beat has · one buyer` : filesText(tier.files)}</dd>
                </div>
                <div>
                  <dt>Default price</dt>
                  <dd>{defaultPriceText(tier)}</dd>
                </div>
              </dl>
              {tier.builtIn && (
                <p className="tier-row__note">
                  {tier.name} is one of the store&rsquo;s own offers: its name, files and price (the beat&rsquo;s) are fixed and it stays on. It can be
                  moved.
                </p>
              )}
            </div>
            <div className="tier-row__actions">
              <Button size="sm" variant="secondary" icon={<ArrowUp />} data-move={`${tier.key}:-1`} disabled={index === 0} onClick={() => void move(index, -1)}>
                Move up<span className="visually-hidden"> {tier.name}</span>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<ArrowDown />}
                data-move={`${tier.key}:1`}
                disabled={index === tiers.length - 1}
                onClick={() => void move(index, 1)}
              >
                Move down<span className="visually-hidden"> {tier.name}</span>
              </Button>
              {!tier.builtIn && (
                <Button size="sm" variant="ghost" icon={<Pencil />} aria-expanded={editing === tier.key} onClick={() => setEditing(editing === tier.key ? null : tier.key)}>
                  Edit<span className="visually-hidden"> {tier.name}</span>
                </Button>
              )}
            </div>
            {editing === tier.key && <EditTierForm tier={tier} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A tier form: the draft as typed, sent with its price parsed; `clear` starts the fields over once saved (after an add). */
function useTierForm(initial: TierDraft, send: (body: CreateTierBody) => Promise<string>, { clear = false } = {}) {
  const [draft, setDraft] = useState(initial);
  const form = usePriceForm(draft.price, async (defaultPrice) => {
    const note = await send({ name: draft.name, defaultPrice, files: fileTypes.filter((f) => draft.files.includes(f)) });
    if (clear) setDraft(initial);
    return note;
  });
  const edit = (next: TierDraft) => {
    setDraft(next);
    form.clearSaved();
  };
  return { ...form, draft, edit };
}

function AddTierForm() {
  const headingId = useId();
  const create = useCreateTier();
  const form = useTierForm(
    emptyTierDraft,
    async (body) => {
      const tier = await create.mutateAsync(body);
      return `${tier.name} added, last and on. Its terms are below.`;
    },
    { clear: true },
  );
  return (
    <form className="admin-form tier-form" aria-labelledby={headingId} onSubmit={form.onSubmit} noValidate aria-busy={create.isPending || undefined}>
      <h3 id={headingId} className="tier-form__title">
        Add a tier
      </h3>
      <TierFields draft={form.draft} priceError={form.priceError} onChange={form.edit} />
      <div className="form-actions">
        <Button type="submit" busy={create.isPending} busyLabel="Adding...">
          Add tier
        </Button>
      </div>
      <FormOutcome failure={form.failure} saved={form.saved} />
    </form>
  );
}

function EditTierForm({ tier, onDone }: { tier: AdminTier; onDone: () => void }) {
  const hintId = useId();
  const update = useUpdateTier();
  const [active, setActive] = useState(tier.active);
  const form = useTierForm(tierToDraft(tier), async (body) => {
    const saved = await update.mutateAsync({ key: tier.key, changes: { ...body, active } });
    return `${saved.name} saved.`;
  });
  return (
    <form
      className="admin-form tier-form tier-form--edit"
      aria-label={`Edit ${tier.name}`}
      onSubmit={form.onSubmit}
      noValidate
      aria-busy={update.isPending || undefined}
    >
      <TierFields draft={form.draft} priceError={form.priceError} onChange={form.edit} />
      <Checkbox
        label="On: beats offer this tier"
        checked={active}
        aria-describedby={hintId}
        onChange={(event) => {
          setActive(event.currentTarget.checked);
          form.clearSaved();
        }}
      />
      <p id={hintId} className="field__hint">
        Switched off, no beat offers it; licenses already sold keep it.
      </p>
      <div className="form-actions">
        <Button type="submit" busy={update.isPending} busyLabel="Saving...">
          Save tier
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
      </div>
      <FormOutcome failure={form.failure} saved={form.saved} />
    </form>
  );
}
