/** How a purchase is named on the buyer's screens: its licence tier ("WAV Lease") when it bought one, else its kind (docs/product/licenses.md#tiers). */
import type { Purchase } from '@beat/shared';

export const purchaseTypeName = (purchase: Pick<Purchase, 'tier' | 'purchaseType'>): string => purchase.tier?.name ?? purchase.purchaseType;
