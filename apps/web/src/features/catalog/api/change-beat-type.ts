/**
 * POST /api/changebeattype: the nudge when an exclusive's countdown reaches zero. The server decides from its own
 * clock (docs/product/offers-and-prices.md#countdown); the response says whether the beat has turned over.
 */
import type { ChangeBeatTypeResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function changeBeatType(beatId: string): Promise<ChangeBeatTypeResponse> {
  return api<ChangeBeatTypeResponse>('/api/changebeattype', { method: 'POST', body: { beatId } });
}
