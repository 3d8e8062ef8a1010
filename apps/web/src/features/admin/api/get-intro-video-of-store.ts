/** The /vip intro video as Store settings shows it: the same public response the page reads. */
import { useQuery } from '@tanstack/react-query';
import { introVideoQueryOptions } from '../../store-pages';

export function useIntroVideoOfStore() {
  return useQuery(introVideoQueryOptions());
}
