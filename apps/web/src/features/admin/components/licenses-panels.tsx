/** Admin → Licenses (docs/product/licenses.md#tiers): the store's tiers, a tier's price on many beats, then each license's terms. */
import { LicenceTermsPanels } from './licence-terms-panels';
import { TierPricesSection } from './tier-prices-section';
import { TiersSection } from './tiers-section';
import './tiers.css';

export function LicensesPanels() {
  return (
    <div className="licenses-panels">
      <TiersSection />
      <TierPricesSection />
      <LicenceTermsPanels />
    </div>
  );
}
