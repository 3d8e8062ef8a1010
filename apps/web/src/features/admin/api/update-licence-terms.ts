/** PUT /api/admin/licenses/{offer}: an offer's new terms, a new version in force at once (docs/product/licenses.md#terms). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceOffer, LicenceTerms, LicenceTermsListResponse, LicenceTermsResponse, UpdateLicenceTermsBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminLicenceTermsKey } from './get-admin-licence-terms';

export async function updateLicenceTerms({ offer, terms }: { offer: LicenceOffer; terms: UpdateLicenceTermsBody }): Promise<LicenceTerms> {
  return (await api<LicenceTermsResponse>(`/api/admin/licenses/${offer}`, { method: 'PUT', body: terms })).terms;
}

export function useUpdateLicenceTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicenceTerms,
    // The screen shows the saved version at once, without asking again.
    onSuccess: (saved) =>
      queryClient.setQueryData<LicenceTermsListResponse>(adminLicenceTermsKey, (list) =>
        list ? { ...list, terms: list.terms.map((t) => (t.offer === saved.offer ? saved : t)) } : list,
      ),
  });
}
