/** How the screens word an upgrade from an MP3 lease to the exclusive (docs/product/licenses.md#upgrades); prices as everywhere ("$270.01"). */
import { formatPrice } from '../../../lib/format';

/** U+2212, as in the checkout's line (`upgradeLineLabel`): "−$29.99 already paid". */
const paid = (alreadyPaid: number) => `\u2212${formatPrice(alreadyPaid)} already paid`;

export const upgradeWords = {
  /** The button of the beat page and the dashboard. */
  button: (price: number) => `Upgrade to exclusive for ${formatPrice(price)}`,
  /** Beside it on the beat page. */
  ownedLease: (alreadyPaid: number) => `You own the MP3 lease (${paid(alreadyPaid)})`,
  /** Under the title of the cart's line. */
  cartLine: (alreadyPaid: number) => `Upgrade from your MP3 lease (${paid(alreadyPaid)})`,
  /** An exclusive bought as an upgrade, in the purchase history and the dashboard. */
  purchase: (alreadyPaid: number) => `Upgrade from MP3 lease (${paid(alreadyPaid)})`,
};
