/** HTTP for public license verification (docs/product/licenses.md#verification): no login, limited per address. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenseIdParams, licenseVerification } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { verifyLicence } from './licence-verify.service.js';

export function licenceVerifyRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/licenses/:licenseId/verify',
      { schema: { tags: ['licenses'], params: licenseIdParams, response: { 200: licenseVerification } } },
      async (request, reply) => {
        // A refund changes the response: never kept by a cache.
        reply.header('Cache-Control', 'no-store');
        return verifyLicence(deps, request.params.licenseId, request.ip);
      },
    );
  };
}
