/** Downloads a purchase's license agreement (PDF). */
import { FileText } from 'lucide-react';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { useDownloadLicence } from '../api/download-licence';

export interface LicenceButtonProps {
  purchaseId: string;
  /** Names what the licence is for, for assistive technology in lists ("Night Drive"). */
  itemName: string;
  size?: ButtonSize;
  variant?: 'secondary' | 'ghost' | 'primary';
  label?: string;
}

export function LicenceButton({ purchaseId, itemName, size = 'sm', variant = 'ghost', label = 'License (PDF)' }: LicenceButtonProps) {
  const licence = useDownloadLicence();
  return (
    <Button
      size={size}
      variant={variant}
      icon={<FileText aria-hidden="true" />}
      busy={licence.isPending}
      busyLabel="Preparing..."
      aria-label={`${label}: ${itemName}`}
      onClick={() => licence.mutate(purchaseId)}
    >
      {label}
    </Button>
  );
}
