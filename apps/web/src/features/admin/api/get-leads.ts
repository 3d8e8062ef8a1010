/** GET /api/admin/leads: free-download requests, newest first, a page at a time (from the previous page's `nextCursor`). */
import type { LeadsPage } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

export type LeadsFilter = PageFilter;

export const leadsQueryOptions = (filter: LeadsFilter) => adminPageQueryOptions<LeadsPage, LeadsFilter>('/api/admin/leads', [...adminKeys.all, 'leads'], filter);
