/**
 * A control clicked before what it needs has loaded (the signed-in user, a list) never drops the click: it shows that
 * it is busy, then acts once the data is in, or says why it cannot (docs/product/screens-and-words.md#busy-controls).
 *
 * `run(arg)` acts at once when `ready`; otherwise it remembers the click (`waiting` is true, `pending` is its argument)
 * and acts as soon as `ready` turns true, with the latest render's `perform`. When `failure` is set while waiting,
 * it is shown as an error toast instead.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { toast } from '../lib/toast';

export interface DeferredActionState {
  ready: boolean;
  /** Why the action cannot happen (the data failed to load); null while it may still come. */
  failure?: string | null;
}

export function useDeferredAction<A>(perform: (arg: A) => void, { ready, failure = null }: DeferredActionState) {
  // The click that waits, and the one whose wait is over (acted on by the effect below, once per click).
  const [pending, setPending] = useState<{ arg: A } | null>(null);
  const [due, setDue] = useState<{ arg: A; failure: string | null } | null>(null);
  if (pending && (ready || failure)) {
    setPending(null);
    setDue({ arg: pending.arg, failure: ready ? null : failure });
  }

  const act = useEffectEvent((click: { arg: A; failure: string | null }) => {
    if (click.failure) toast.error(click.failure);
    else perform(click.arg);
  });
  useEffect(() => {
    if (due) act(due);
  }, [due]);

  const run = useCallback(
    (arg: A) => {
      if (ready) perform(arg);
      else setPending({ arg });
    },
    [ready, perform],
  );

  return { run, waiting: pending !== null, pending: pending ? pending.arg : undefined };
}
