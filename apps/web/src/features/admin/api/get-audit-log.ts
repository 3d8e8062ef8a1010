/** GET /api/admin/audit: every admin change, newest first, a page at a time (from the previous page's `nextCursor`). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export interface AuditFilter {
  page: number;
  pageSize: number;
  cursor?: string;
}

export function getAuditLog(filter: AuditFilter, signal?: AbortSignal): Promise<AuditPage> {
  return api<AuditPage>(`/api/admin/audit${queryString({ ...filter })}`, { signal });
}

export function auditLogQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: [...adminKeys.audit, filter],
    queryFn: ({ signal }) => getAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
