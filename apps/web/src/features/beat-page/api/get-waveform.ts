/** A beat's waveform peaks (`waveformLink`, waveform-data JSON written by apps/server/src/audio/waveform.ts). Public and immutable per render. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Waveform } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function getWaveform(link: string, signal?: AbortSignal): Promise<Waveform> {
  return api<Waveform>(link, { signal });
}

export function waveformQueryOptions(link: string) {
  return queryOptions({
    queryKey: ['waveform', link],
    queryFn: ({ signal }) => getWaveform(link, signal),
    // The link names the render (`?v=`): a new render is a new link.
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}

/** The peaks, or nothing while they load, when they failed, or when the beat has none yet (a plain seek bar shows then). */
export function useWaveform(link: string | null) {
  return useQuery({ ...waveformQueryOptions(link ?? ''), enabled: link !== null });
}
