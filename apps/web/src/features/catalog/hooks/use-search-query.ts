/**
 * The page's search text, kept in the address (?q=) so a search can be shared and survives reloads.
 * `input` follows every key; `q` is the debounced text the server is asked for.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

export function useSearchQuery(delay = 300) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('q') ?? '';
  const [input, setInput] = useState(fromUrl);
  const q = useDebouncedValue(input.trim(), delay);

  useEffect(() => {
    if (q === (params.get('q') ?? '')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, params, setParams]);

  return { input, setInput, q, isDebouncing: input.trim() !== q };
}
