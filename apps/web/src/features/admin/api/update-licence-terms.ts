/**
 * PUT /api/admin/licenses/{offer}: the new terms of an offer or of a licence tier (any tier's key), a new version in
 * force at once (docs/product/licenses.md#terms).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnyLicenceTermsResponse, LicenceTermsListResponse, TermsKey, TierTerms, UpdateLicenceTermsBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminLicenceTermsKey } from './get-admin-licence-terms';

export async function updateLicenceTerms({ offer, terms }: { offer: TermsKey; terms: UpdateLicenceTermsBody }): Promise<TierTerms> {
  return (await api<AnyLicenceTermsResponse>(`/api/admin/licenses/${offer}`, { method: 'PUT', body: terms })).terms;
}

export function useUpdateLicenceTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicenceTerms,
    // The screen shows the saved version at once, without asking again, in whichever list holds it.
    onSuccess: (saved) =>
      queryClient.setQueryData<LicenceTermsListResponse>(adminLicenceTermsKey, (list) =>
        list
          ? {
              terms: list.terms.map((t) => (t.offer === saved.offer ? { ...t, ...saved, offer: t.offer } : t)),
              tierTerms: list.tierTerms.map((t) => (t.offer === saved.offer ? saved : t)),
            }
          : list,
      ),
  });
}
