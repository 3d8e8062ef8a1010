/**
 * The Store Settings page's content: the audio tag, its placement and the previews' progress (one settings query), the
 * admins' sales e-mails, the /vip intro video and the store pages.
 */
import type { StoreSettings } from '@beat/shared';
import { useStoreSettings } from '../api/get-store-settings';
import { QueryContent } from './query-content';
import { PreviewsStatus } from './previews-status';
import { SaleNoticesSection } from './sale-notices-section';
import { StorePagesSection } from './store-settings-pages';
import { IntroVideoSection } from './store-settings-video';
import { TagPlacementForm } from './tag-placement-form';
import { TagSection } from './tag-section';
import './admin-table.css';
import './store-settings.css';

export function StoreSettingsPanels() {
  const settings = useStoreSettings();
  return (
    <QueryContent
      query={settings}
      errorLead="The store settings could not be loaded"
      loadingLabel="Loading the store settings"
      loadingSize="lg"
      loadingClassName="admin-loading"
    >
      {(data) => <StoreSettingsGrid settings={data} />}
    </QueryContent>
  );
}

function StoreSettingsGrid({ settings }: { settings: StoreSettings }) {
  const { placement, progress } = settings;
  return (
    <div className="store-settings">
      <div className="store-settings__grid">
        <TagSection settings={settings} />
        <TagPlacementForm
          key={`${placement.firstOffsetSeconds} ${placement.intervalSeconds} ${placement.levelDb}`}
          placement={placement}
        />
        <PreviewsStatus progress={progress} />
        <SaleNoticesSection enabled={settings.saleNotices} />
        <IntroVideoSection />
        <StorePagesSection />
      </div>
    </div>
  );
}
