import { z } from 'zod';

/** Public store settings the web app reads from the server instead of hard-coding (the server alone decides prices: docs/product/offers-and-prices.md#server-decides-prices). */
export const storeConfigResponse = z.object({
  vipPlanPrice: z.number(),
  stemsPrice: z.number(),
  leasePrice: z.number(),
  vipCatalogSize: z.number().int(),
});
export type StoreConfig = z.infer<typeof storeConfigResponse>;
