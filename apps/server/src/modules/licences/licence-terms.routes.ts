/** HTTP for license terms (docs/product/licenses.md#terms): anyone reads the terms in force; an admin edits them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenceOfferParams, licenceTermsListResponse, licenceTermsResponse, updateLicenceTermsBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf } from '../auth/auth.hooks.js';
import { currentTerms, currentTermsOf, toLicenceTermsDto, updateTerms } from './licence-terms.service.js';

/** Terms read before buying: public, and fresh within a minute of an edit. */
export function licenceTermsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['licenses'] };
    app.get('/api/licenses/terms', { schema: { ...schema, response: { 200: licenceTermsListResponse } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { terms: (await currentTerms(deps.db)).map(toLicenceTermsDto) };
    });
    app.get(
      '/api/licenses/terms/:offer',
      { schema: { ...schema, params: licenceOfferParams, response: { 200: licenceTermsResponse } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return { terms: toLicenceTermsDto(await currentTermsOf(deps.db, request.params.offer)) };
      },
    );
  };
}

/** The admin's Licenses screen (registered under the admin guard). */
export function licenceTermsAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['admin'], security: [{ bearer: [] }] };
    app.get('/api/admin/licenses', { schema: { ...schema, response: { 200: licenceTermsListResponse } } }, async () => ({
      terms: (await currentTerms(deps.db)).map(toLicenceTermsDto),
    }));
    app.put(
      '/api/admin/licenses/:offer',
      { schema: { ...schema, params: licenceOfferParams, body: updateLicenceTermsBody, response: { 200: licenceTermsResponse } } },
      async (request) => ({
        terms: toLicenceTermsDto(await updateTerms(deps, callerOf(request).user, request.params.offer, request.body)),
      }),
    );
  };
}
