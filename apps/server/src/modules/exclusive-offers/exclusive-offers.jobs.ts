/** The offers' durable work (docs/background-jobs.md): an accepted offer expires at its time; a sale settles the offers on its beats. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { EXCLUSIVES_SOLD_QUEUE } from '../checkout/sold-exclusives.js';
import { expireOffer, OFFER_EXPIRY_QUEUE, settleOffersOfSale } from './exclusive-offers.service.js';

export function exclusiveOfferJobHandlers(deps: Deps, log: JobLogger): JobHandlers {
  return {
    [OFFER_EXPIRY_QUEUE]: {
      run: async (payload) => {
        if (await expireOffer(deps, String(payload.offerId))) log.info({ offerId: payload.offerId }, 'accepted offer expired unpaid');
      },
    },
    [EXCLUSIVES_SOLD_QUEUE]: {
      run: async (payload) => {
        const beatIds = Array.isArray(payload.beatIds) ? payload.beatIds.map(String) : [];
        const settled = await settleOffersOfSale(deps, String(payload.checkoutId), beatIds);
        if (settled.paid + settled.closed > 0) log.info({ checkoutId: payload.checkoutId, ...settled }, 'offers settled by a sale');
      },
    },
  };
}
