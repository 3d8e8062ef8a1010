/** GET /api/licenses/{licenseId}/verify: whether a license is genuine, for anyone (docs/product/licenses.md#verification). */
import { useQuery } from '@tanstack/react-query';
import type { LicenseVerification } from '@beat/shared';
import { ApiError, api } from '../../../lib/api-client';

export function verifyLicense(licenseId: string, signal?: AbortSignal): Promise<LicenseVerification> {
  return api<LicenseVerification>(`/api/licenses/${encodeURIComponent(licenseId)}/verify`, { signal });
}

export function useLicenseVerification(licenseId: string) {
  return useQuery({
    queryKey: ['license-verification', licenseId],
    queryFn: ({ signal }) => verifyLicense(licenseId, signal),
    // An unknown or malformed id stays so: no retries for a 4xx.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
