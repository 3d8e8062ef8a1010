/** Query options for data kept per account: asked for only once the account is known, then fresh for `staleTime`. */
import { queryOptions, type QueryKey } from '@tanstack/react-query';

export function userQueryOptions<Data, Key extends QueryKey>(
  queryKey: Key,
  userId: string | undefined,
  fetch: (userId: string, signal: AbortSignal) => Promise<Data>,
  staleTime = 30_000,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(userId ?? '', signal),
    enabled: Boolean(userId),
    staleTime,
  });
}
