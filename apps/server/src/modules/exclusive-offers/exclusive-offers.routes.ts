/**
 * HTTP for offers on exclusives (docs/product/exclusive-offers.md): the buyer's calls under /api/exclusive-offers, the
 * producer's under /api/admin/exclusive-offers (behind the admin area's guard).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnswerBody,
  adminOffersQuery,
  beatOfferTermsSchema,
  buyerAnswerBody,
  checkoutSessionResponse,
  exclusiveOfferResponse,
  exclusiveOffersResponse,
  makeOfferBody,
  minimumOfferBody,
  offerBeatParams,
  offerIdParams,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf, requireAuth } from '../auth/auth.hooks.js';
import {
  answerAsBuyer,
  answerAsProducer,
  beatOfferTerms,
  listAllOffers,
  listBuyerOffers,
  makeOffer,
  payOffer,
  setMinimumOffer,
  withdrawOffer,
} from './exclusive-offers.service.js';

/** Where the payment provider sends the buyer back: PUBLIC_URL, else the address the browser used (as every checkout). */
const returnOrigin = (deps: Deps, request: FastifyRequest) => deps.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

const secured = { tags: ['exclusive offers'], security: [{ bearer: [] }] };

export function exclusiveOffersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    app.get(
      '/api/exclusive-offers/beats/:beatId',
      { schema: { tags: ['exclusive offers'], params: offerBeatParams, response: { 200: beatOfferTermsSchema } } },
      (request) => beatOfferTerms(deps, request.params.beatId),
    );

    app.get('/api/exclusive-offers', { preHandler: auth, schema: { ...secured, response: { 200: exclusiveOffersResponse } } }, async (request) => ({
      offers: await listBuyerOffers(deps, callerOf(request).user),
    }));

    app.post(
      '/api/exclusive-offers',
      { preHandler: auth, schema: { ...secured, body: makeOfferBody, response: { 201: exclusiveOfferResponse } } },
      async (request, reply) => reply.code(201).send({ offer: await makeOffer(deps, callerOf(request).user, request.body) }),
    );

    app.post(
      '/api/exclusive-offers/:offerId/answer',
      { preHandler: auth, schema: { ...secured, params: offerIdParams, body: buyerAnswerBody, response: { 200: exclusiveOfferResponse } } },
      async (request) => ({ offer: await answerAsBuyer(deps, callerOf(request).user, request.params.offerId, request.body) }),
    );

    app.post(
      '/api/exclusive-offers/:offerId/withdraw',
      { preHandler: auth, schema: { ...secured, params: offerIdParams, response: { 200: exclusiveOfferResponse } } },
      async (request) => ({ offer: await withdrawOffer(deps, callerOf(request).user, request.params.offerId) }),
    );

    app.post(
      '/api/exclusive-offers/:offerId/checkout',
      { preHandler: auth, schema: { ...secured, params: offerIdParams, response: { 200: checkoutSessionResponse } } },
      async (request) => ({
        session: await payOffer(deps, { user: callerOf(request).user, origin: returnOrigin(deps, request), log: request.log }, request.params.offerId),
      }),
    );
  };
}

const admin = { tags: ['admin'], security: [{ bearer: [] }] };

/** Under /api/admin (the admin guard is the area's). */
export function exclusiveOffersAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/exclusive-offers',
      { schema: { ...admin, querystring: adminOffersQuery, response: { 200: exclusiveOffersResponse } } },
      async (request) => ({ offers: await listAllOffers(deps, request.query.state) }),
    );

    app.post(
      '/api/admin/exclusive-offers/:offerId/answer',
      { schema: { ...admin, params: offerIdParams, body: adminAnswerBody, response: { 200: exclusiveOfferResponse } } },
      async (request) => ({ offer: await answerAsProducer(deps, request.params.offerId, request.body) }),
    );

    app.put(
      '/api/admin/exclusive-offers/beats/:beatId/minimum',
      { schema: { ...admin, params: offerBeatParams, body: minimumOfferBody, response: { 200: beatOfferTermsSchema } } },
      async (request) => setMinimumOffer(deps, callerOf(request).user, request.params.beatId, request.body.minimumOffer),
    );
  };
}
