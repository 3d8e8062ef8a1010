/** POST /api/admin/beats/{id}/render: queues the beat's preview to be rendered again (a retry after a failure). */
import type { AdminBeat } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function renderBeat(beatId: string): Promise<AdminBeat> {
  return api<{ beat: AdminBeat }>(`/api/admin/beats/${beatId}/render`, { method: 'POST' }).then((r) => r.beat);
}

export function useRenderBeat() {
  // The list (now 'Rendering…', and polling) and the Store Settings progress.
  return useAdminMutation(renderBeat, { stale: [adminKeys.all] });
}
