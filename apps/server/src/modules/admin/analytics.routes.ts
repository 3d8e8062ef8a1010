/** HTTP for the dashboard and analytics: daily series, the purchases ledger (and its CSV), per-beat numbers. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPageQuery,
  analyticsBeatsQuery,
  analyticsBeatsResponse,
  analyticsOverviewResponse,
  analyticsPurchasesResponse,
  analyticsRangeQuery,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { analyticsOverview, beatAnalytics, listPurchases, purchasesCsv } from './analytics.service.js';

const security = [{ bearer: [] }];

export function analyticsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/analytics/overview',
      { schema: { tags: ['admin'], security, querystring: analyticsRangeQuery, response: { 200: analyticsOverviewResponse } } },
      async (request) => analyticsOverview(deps, request.query.days),
    );

    app.get(
      '/api/admin/analytics/purchases',
      { schema: { tags: ['admin'], security, querystring: adminPageQuery, response: { 200: analyticsPurchasesResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const result = await listPurchases(deps, request.query);
        return { ...result, page, pageSize };
      },
    );

    app.get(
      '/api/admin/analytics/purchases.csv',
      // Sent as it is made (not compressed): a failure after the first byte must reach the browser as a cut connection.
      { compress: false, schema: { tags: ['admin'], security, querystring: adminPageQuery.pick({ q: true }), produces: ['text/csv'] } },
      async (request, reply) => {
        const day = deps.clock.now().toISOString().slice(0, 10);
        const csv = Readable.from(purchasesCsv(deps, request.query.q));
        // Before the first byte a failure is still a 500 (the error handler's); after it, the only honest
        // response is a cut connection: the download shows as failed, never as a short file that looks complete.
        csv.on('error', (error) => {
          if (!reply.raw.headersSent) return;
          request.log.error({ err: error }, 'CSV export failed part-way; the download was cut off');
          reply.raw.destroy();
        });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="beat-market-purchases-${day}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      '/api/admin/analytics/beats',
      { schema: { tags: ['admin'], security, querystring: analyticsBeatsQuery, response: { 200: analyticsBeatsResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const result = await beatAnalytics(deps, request.query);
        return { ...result, page, pageSize };
      },
    );
  };
}
