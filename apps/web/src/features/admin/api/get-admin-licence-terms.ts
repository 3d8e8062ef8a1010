/** GET /api/admin/licenses: the terms in force for every offer, for Admin → Licenses (docs/product/licenses.md#terms). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceTermsListResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const adminLicenceTermsKey = [...adminKeys.all, 'licence-terms'] as const;

export function getAdminLicenceTerms(signal?: AbortSignal): Promise<LicenceTermsListResponse> {
  return api<LicenceTermsListResponse>('/api/admin/licenses', { signal });
}

export function useAdminLicenceTerms() {
  return useQuery(queryOptions({ queryKey: adminLicenceTermsKey, queryFn: ({ signal }) => getAdminLicenceTerms(signal) }));
}
