/** "Export CSV" beside an admin list: downloads the file and says so in a toast, or shows why it failed. */
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

export interface ExportCsvButtonProps {
  /** Saves the file and resolves with its name. */
  onExport: () => Promise<string>;
  busy: boolean;
}

export function ExportCsvButton({ onExport, busy }: ExportCsvButtonProps) {
  async function exportFile() {
    try {
      const name = await onExport();
      toast.success(`${name} downloaded`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Button variant="secondary" icon={<Download />} busy={busy} busyLabel="Exporting..." onClick={() => void exportFile()}>
      Export CSV
    </Button>
  );
}
