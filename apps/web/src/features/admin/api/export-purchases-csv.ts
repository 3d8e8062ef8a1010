/** GET /api/admin/analytics/purchases.csv: the whole ledger as a CSV file, saved by the browser. */
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { queryString } from './admin-keys';

export async function exportPurchasesCsv(q?: string): Promise<string> {
  const { blob, fileName } = await apiFile(`/api/admin/analytics/purchases.csv${queryString({ q })}`);
  const name = fileName ?? 'beat-market-purchases.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useExportPurchasesCsv() {
  return useMutation({ mutationFn: exportPurchasesCsv });
}
