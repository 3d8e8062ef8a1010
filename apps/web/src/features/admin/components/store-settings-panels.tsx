/**
 * The Store Settings page's content: the audio tag, its placement and the previews' progress (one settings query), the
 * admins' sales e-mails, the /vip intro video and the store pages.
 */
import { Spinner } from '../../../components/ui/spinner';
import { useStoreSettings } from '../api/get-store-settings';
import { LoadError } from './load-error';
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
  if (settings.isError) {
    return <LoadError query={settings} lead="The store settings could not be loaded" />;
  }
  if (!settings.data) {
    return (
      <div className="admin-loading">
        <Spinner size="lg" label="Loading the store settings" />
      </div>
    );
  }
  const { placement, progress } = settings.data;
  return (
    <div className="store-settings">
      <div className="store-settings__grid">
        <TagSection settings={settings.data} />
        <TagPlacementForm
          key={`${placement.firstOffsetSeconds} ${placement.intervalSeconds} ${placement.levelDb}`}
          placement={placement}
        />
        <PreviewsStatus progress={progress} />
        <SaleNoticesSection enabled={settings.data.saleNotices} />
        <IntroVideoSection />
        <StorePagesSection />
      </div>
    </div>
  );
}
