/**
 * The catalog's filters, read from and written to the address: a filtered list can be shared, survives a reload,
 * and each change is a step of the browser's history, so Back restores the previous filters.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clearedFilters, readFilters, writeFilters, type CatalogFilters } from '../lib/catalog-filters';

export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  // The address's text is the identity of the filters: the same text gives the same object.
  const search = params.toString();
  const fromAddress = useMemo(() => readFilters(new URLSearchParams(search)), [search]);

  // The router moves to a new address in a transition, a moment after the click: until it does, the controls show
  // what was just chosen (a checkbox is checked at once), and the next change builds on it rather than on the old address.
  const [pending, setPending] = useState<{ from: string; filters: CatalogFilters } | null>(null);
  // Once the address has moved on, what it says wins (also when Back later returns to the address the choice left).
  if (pending !== null && pending.from !== search) setPending(null);
  const filters = pending !== null && pending.from === search ? pending.filters : fromAddress;
  const latest = useRef({ search, filters });
  useLayoutEffect(() => {
    latest.current = { search, filters };
  }, [search, filters]);

  const setFilters = useCallback(
    (next: CatalogFilters | ((current: CatalogFilters) => CatalogFilters)) => {
      const value = typeof next === 'function' ? next(latest.current.filters) : next;
      latest.current = { ...latest.current, filters: value };
      setPending({ from: latest.current.search, filters: value });
      setParams((current) => writeFilters(current, value), { preventScrollReset: true });
    },
    [setParams],
  );

  const clearAll = useCallback(() => setFilters(clearedFilters), [setFilters]);

  return { filters, setFilters, clearAll };
}

export type CatalogFiltersState = ReturnType<typeof useCatalogFilters>;
