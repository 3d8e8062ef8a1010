/** GET /api/admin/audit: every admin change, newest first, a page at a time (from the previous page's `nextCursor`). */
import type { AuditPage } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

export type AuditFilter = PageFilter;

export const auditLogQueryOptions = (filter: AuditFilter) => adminPageQueryOptions<AuditPage, AuditFilter>('/api/admin/audit', adminKeys.audit, filter);
