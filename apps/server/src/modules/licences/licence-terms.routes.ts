/** HTTP for license terms (docs/product/licenses.md#terms): anyone reads the terms in force; an admin edits them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyLicenceTermsResponse, licenceOfferParams, licenceTermsListResponse, updateLicenceTermsBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf } from '../auth/auth.hooks.js';
import { currentTermsOf, termsList, toTierTermsDto, updateTerms } from './licence-terms.service.js';

/** Terms read before buying: public, and fresh within a minute of an edit. */
export function licenceTermsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['licenses'] };
    app.get('/api/licenses/terms', { schema: { ...schema, response: { 200: licenceTermsListResponse } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return termsList(deps.db);
    });
    app.get(
      '/api/licenses/terms/:offer',
      { schema: { ...schema, params: licenceOfferParams, response: { 200: anyLicenceTermsResponse } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return { terms: toTierTermsDto(await currentTermsOf(deps.db, request.params.offer)) };
      },
    );
  };
}

/** The admin's Licenses screen (registered under the admin guard). */
export function licenceTermsAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['admin'], security: [{ bearer: [] }] };
    app.get('/api/admin/licenses', { schema: { ...schema, response: { 200: licenceTermsListResponse } } }, async () => termsList(deps.db));
    app.put(
      '/api/admin/licenses/:offer',
      { schema: { ...schema, params: licenceOfferParams, body: updateLicenceTermsBody, response: { 200: anyLicenceTermsResponse } } },
      async (request) => ({
        terms: toTierTermsDto(await updateTerms(deps, callerOf(request).user, request.params.offer, request.body)),
      }),
    );
  };
}
