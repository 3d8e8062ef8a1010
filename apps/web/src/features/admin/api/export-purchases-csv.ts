/** GET /api/admin/analytics/purchases.csv: the whole ledger as a CSV file, saved by the browser. */
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { queryString } from './admin-keys';

export async function exportPurchasesCsv(q?: string): Promise<string> {
  const { blob, fileName } = await apiFile(`/api/admin/analytics/purchases.csv${queryString({ q })}`);
  const name = fileName ?? 'beat-market-purchases.csv';
  saveBlob(blob, name);
  return name;
}

export function useExportPurchasesCsv() {
  return useMutation({ mutationFn: exportPurchasesCsv });
}
