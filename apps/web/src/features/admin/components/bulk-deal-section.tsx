/** Admin → Deals, "Bulk deal": on or off, and "Buy N, get M free" on MP3 leases (docs/product/deals.md). */
import { useState, type FormEvent } from 'react';
import { bulkDealLabel, bulkDealSchema, type BulkDealSettings } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useBulkDeal } from '../api/get-bulk-deal';
import { useUpdateBulkDeal } from '../api/update-bulk-deal';
import { AdminCard } from './admin-card';
import { QueryContent } from './query-content';
import { FormFailure, SavedNote } from './form-outcome';
import './admin-forms.css';
import './admin-table.css';
import './deals.css';

export function BulkDealSection() {
  const deal = useBulkDeal();
  return (
    <AdminCard
      title="Bulk deal"
      lead="On MP3 leases: for every N leases in an order, the next M are free (the cheapest ones). It applies before any coupon."
    >
      <QueryContent query={deal} errorLead="The bulk deal could not be loaded" loadingLabel="Loading the bulk deal">
        {(saved) => <BulkDealForm saved={saved} />}
      </QueryContent>
    </AdminCard>
  );
}

function BulkDealForm({ saved }: { saved: BulkDealSettings }) {
  const save = useUpdateBulkDeal();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [buy, setBuy] = useState(String(saved.buy));
  const [free, setFree] = useState(String(saved.free));
  const [errors, setErrors] = useState<{ buy?: string; free?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    setFailure(null);
    const parsed = bulkDealSchema.safeParse({ enabled, buy: Number(buy), free: Number(free) });
    if (!parsed.success) {
      const next: { buy?: string; free?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'buy' || field === 'free') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  /** A changed number clears the "saved" note until the next save. */
  function edited(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setDone(false);
    };
  }

  const preview = Number(buy) > 0 && Number(free) > 0 ? bulkDealLabel({ buy: Number(buy), free: Number(free) }) : null;

  return (
    <form className="admin-form deals-bulk" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending || undefined}>
      <Checkbox
        label="On: the bulk deal applies to every order"
        checked={enabled}
        onChange={(event) => {
          setEnabled(event.currentTarget.checked);
          setDone(false);
        }}
      />
      <div className="deals-bulk__numbers">
        <CountField label="Buy N" value={buy} error={errors.buy} onChange={edited(setBuy)} />
        <CountField label="Get M free" value={free} error={errors.free} onChange={edited(setFree)} />
      </div>
      {preview && (
        <p className="field__hint">
          Buyers read: <strong>{preview}</strong> {enabled ? '' : '(once it is on)'}
        </p>
      )}
      <FormFailure failure={failure} />
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save
        </Button>
        <SavedNote saved={done ? 'Bulk deal saved.' : null} />
      </div>
    </form>
  );
}

interface CountFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One of the deal's two numbers: a whole count from 1 to 10. */
function CountField({ onChange, ...field }: CountFieldProps) {
  return (
    <TextField {...field} type="number" inputMode="numeric" min={1} max={10} step={1} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
