/**
 * POST /api/changebeattype: the nudge when an exclusive's countdown reaches zero. The server
 * decides from its own clock (docs/product/offers-and-prices.md#countdown); the answer does not matter to the page, which refetches.
 */
import { api } from '../../../lib/api-client';

export function changeBeatType(beatId: string): Promise<unknown> {
  return api('/api/changebeattype', { method: 'POST', body: { beatId } });
}
