/** GET /api/admin/audit: every admin change, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export function getAuditLog(page: number, pageSize: number, signal?: AbortSignal): Promise<AuditPage> {
  return api<AuditPage>(`/api/admin/audit${queryString({ page, pageSize })}`, { signal });
}

export function auditLogQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...adminKeys.audit, page, pageSize],
    queryFn: ({ signal }) => getAuditLog(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(page: number, pageSize: number) {
  return useQuery(auditLogQueryOptions(page, pageSize));
}
