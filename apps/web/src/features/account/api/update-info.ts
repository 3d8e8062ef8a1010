/** POST /api/updateinfo: name, username and profile picture of the signed-in user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateInfoBody, UpdateInfoResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';

export function updateInfo(body: UpdateInfoBody): Promise<UpdateInfoResponse> {
  return api<UpdateInfoResponse>('/api/updateinfo', { method: 'POST', body });
}

export function useUpdateInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    // The avatar and name everywhere read the signed-in user: show the new ones at once.
    onSuccess: (answer) => queryClient.setQueryData(meQueryKey, answer.user),
  });
}
