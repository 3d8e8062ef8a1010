/** GET /api/purchases/{purchaseId}/licence: the purchase's licence agreement (PDF), saved as a download. */
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiFile, errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export async function downloadLicence(purchaseId: string): Promise<void> {
  const file = await apiFile(`/api/purchases/${encodeURIComponent(purchaseId)}/licence`);
  saveBlob(file.blob, file.fileName ?? 'license-agreement.pdf');
}

export function useDownloadLicence() {
  return useMutation({
    mutationFn: downloadLicence,
    onError: (error) => toast.error(errorMessage(error)),
  });
}
