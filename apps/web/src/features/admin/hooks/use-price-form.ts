/**
 * A form with a price typed in dollars (the tier forms, a beat's tier, a price on many beats): the price box's own
 * error, the server's refusal and the note shown once saved, and the submit that sends the parsed price.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { parsePrice } from '../lib/tier-draft';

export function usePriceForm(price: string, send: (price: number | null) => Promise<string>) {
  const [priceError, setPriceError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    const parsed = parsePrice(price);
    setPriceError(parsed.ok ? undefined : parsed.error);
    if (!parsed.ok) return;
    try {
      setSaved(await send(parsed.price));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return { priceError, failure, saved, clearSaved: () => setSaved(null), onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
