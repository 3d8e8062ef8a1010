/** /admin/store-settings: the audio tag mixed into every preview, where it plays, and how far the previews' rendering has come. */
import { AdminPage, StoreSettingsPanels } from '../../features/admin';

export function AdminStoreSettingsPage() {
  return (
    <AdminPage title="Store Settings" lead="The audio tag every preview carries, where it plays, and the previews rendered with it; the /vip intro video; the store pages.">
      <StoreSettingsPanels />
    </AdminPage>
  );
}
