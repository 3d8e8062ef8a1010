/** GET /api/admin/leads.csv: every free-download lead as a CSV file, saved by the browser. */
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export async function exportLeadsCsv(): Promise<string> {
  const { blob, fileName } = await apiFile('/api/admin/leads.csv');
  const name = fileName ?? 'beat-market-leads.csv';
  saveBlob(blob, name);
  return name;
}

export function useExportLeadsCsv() {
  return useMutation({ mutationFn: exportLeadsCsv });
}
