/** /licenses/verify/{licenseId}: the public check of a license (docs/product/licenses.md#verification). */
import { useParams } from 'react-router';
import { LicenseVerification } from '../../features/purchases';

export function LicenseVerifyPage() {
  const { licenseId = '' } = useParams();
  return <LicenseVerification key={licenseId} licenseId={licenseId} />;
}
