/** Builds the app: plugins, then routes, one error handler, one 404 handler. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.js';
import { answerFrameworkError, registerErrorHandlers } from './lib/http-errors.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { registerTextInputRule } from './lib/text-input.js';
import { registerJsonCompression } from './lib/compression.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { registerCrossSiteCheck } from './modules/auth/cross-site.hooks.js';
import { beatsRoutes } from './modules/beats/beats.routes.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { playsRoutes } from './modules/plays/plays.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { entitlementsRoutes } from './modules/entitlements/entitlements.routes.js';
import { downloadsRoutes } from './modules/downloads/downloads.routes.js';
import { countdownRoutes, registerServerTime } from './modules/countdown/countdown.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { dealsAdminRoutes } from './modules/deals/deals.routes.js';
import { checkoutRoutes, quoteRoutes } from './modules/checkout/checkout.routes.js';
import { testCheckoutRoutes } from './modules/checkout/test-checkout.routes.js';
import { purchasesRoutes } from './modules/purchases/purchases.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { storeSettingsRoutes } from './modules/previews/store-settings.routes.js';
import { storePagesAdminRoutes, storePagesRoutes } from './modules/store-pages/store-pages.routes.js';
import { licenceVerifyRoutes } from './modules/licences/licence-verify.routes.js';
import { tiersAdminRoutes, tiersRoutes } from './modules/offers/tiers.routes.js';
import { licenceTermsAdminRoutes, licenceTermsRoutes } from './modules/licences/licence-terms.routes.js';
import { paymentsAttentionRoutes } from './modules/checkout/payments-attention.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { freeDownloadsRoutes, leadsAdminRoutes } from './modules/free-downloads/free-downloads.routes.js';
import { isApiPath, registerWebApp } from './web/web-app.js';
import { apiDocsPrefix, registerSecurityHeaders, securityHeaders } from './web/security-headers.js';
import { exclusiveOffersAdminRoutes, exclusiveOffersRoutes } from './modules/exclusive-offers/exclusive-offers.routes.js';
import { refuseUnclassifiedRoutes } from './web/route-access.js';
import { registerPublicPages } from './web/public-pages.js';
import { watchCatalogVersion, type CatalogVersion } from './db/catalog-version.js';
import { checkReadiness } from './web/readiness.js';
import { registerMetrics } from './metrics/metrics-route.js';

export interface BuildAppOptions {
  /** Folder of the built web app; when absent only the API is served. */
  webDist?: string;
  logger?: boolean;
  /** A ready pino logger to write to instead (tests keep every line it writes); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** The catalog's version as this process keeps it; by default watched on deps.db. Either way the app closes it. */
  catalogVersion?: CatalogVersion;
}

function loggerOptions(deps: Deps, enabled: boolean) {
  if (!enabled) return false;
  const pretty = process.stdout.isTTY && !deps.config.isProduction;
  return {
    level: deps.config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

/**
 * Every route is checked and serialised by its zod schemas. Given as the compilers' factories, so that Fastify never
 * loads its own JSON-schema compilers (Ajv, fast-json-stringify): a fifth of a later start
 * (docs/decisions/0029-start-up.md#loaded-when-used). Fastify types these factories for Ajv's compilers, hence the cast.
 */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

export async function buildApp(deps: Deps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders(deps.config);
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: loggerOptions(deps, options.logger ?? true) }),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    schemaController: { compilersFactory: zodCompilers },
    frameworkErrors: (error, request, reply) => {
      // Fastify answers these before any hook runs, so the headers every response carries are set here.
      setSecurityHeaders(request, reply);
      answerFrameworkError(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  // Every route of the API has an access class, or the app does not start (docs/security.md#who-may-call-what).
  const endRouteCheck = refuseUnclassifiedRoutes(app);

  registerSecurityHeaders(app, deps.config);
  // The session cookie (docs/security.md#the-session-cookie), and no state-changing call it authenticates from another site.
  await app.register(fastifyCookie);
  registerCrossSiteCheck(app, deps);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Beat Market API', version: '1.0.0', description: 'The beat marketplace API. Errors answer { message }.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // What the web app sends instead of the header: the same session, set by login and sign-up (docs/security.md#the-session-cookie).
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bm_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document is always built (app.swagger()); the docs page and its JSON are served only when API_DOCS is on.
  if (deps.config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: apiDocsPrefix });

  registerErrorHandlers(app);
  registerTextInputRule(app);
  await registerJsonCompression(app, isApiPath);
  // Countdowns run on the server's clock (docs/product/offers-and-prices.md#countdown).
  registerServerTime(app, deps);
  // GET /metrics for a Prometheus scraper holding METRICS_TOKEN; with it set, every response is counted (docs/metrics.md).
  await registerMetrics(app, deps);

  // Cached catalog responses are keyed by it (docs/decisions/0016-catalog-cache.md).
  const catalogVersion = options.catalogVersion ?? watchCatalogVersion(deps.db, { log: app.log });
  app.addHook('onReady', async () => catalogVersion.start());
  app.addHook('onClose', () => catalogVersion.close());

  // For a load balancer (docs/reliability.md#health-and-readiness): health is the process answering; ready is its
  // database (and shared storage and counters) answering within a second. A closing process responds with 503 to both.
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { hide: true } }, async (request, reply) => {
    const { ready, problems } = await checkReadiness(deps);
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ready' };
    request.log.warn({ problems }, 'not ready');
    return reply.code(503).send({ message: `Not ready: ${problems.join('; ')}.` });
  });
  await app.register(authRoutes(deps));
  await app.register(beatsRoutes(deps, catalogVersion));
  await app.register(favoritesRoutes(deps));
  await app.register(playsRoutes(deps));
  await app.register(
    adminRoutes(deps, [auditRoutes(deps), storeSettingsRoutes(deps), storePagesAdminRoutes(deps), paymentsAttentionRoutes(deps), licenceTermsAdminRoutes(deps), tiersAdminRoutes(deps), leadsAdminRoutes(deps), dealsAdminRoutes(deps), exclusiveOffersAdminRoutes(deps)]),
  );
  await app.register(storePagesRoutes(deps));
  await app.register(licenceVerifyRoutes(deps));
  await app.register(licenceTermsRoutes(deps));
  await app.register(tiersRoutes(deps));
  await app.register(accountsRoutes(deps));
  await app.register(devMailRoutes(deps));
  await app.register(entitlementsRoutes(deps));
  await app.register(downloadsRoutes(deps));
  await app.register(freeDownloadsRoutes(deps));
  await app.register(countdownRoutes(deps, catalogVersion));
  await app.register(cartRoutes(deps));
  await app.register(checkoutRoutes(deps));
  await app.register(quoteRoutes(deps));
  await app.register(exclusiveOffersRoutes(deps));
  await app.register(testCheckoutRoutes(deps));
  await app.register(purchasesRoutes(deps));
  await app.register(libraryRoutes(deps));

  const sendPage = await registerWebApp(app, options.webDist, catalogVersion);
  // robots.txt, the sitemap and the beat pages' link previews (docs/decisions/0020-beat-pages.md).
  if (sendPage) await registerPublicPages(app, deps, catalogVersion, sendPage);
  endRouteCheck();

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (sendPage && wantsPage && !isApiPath(request.url)) return sendPage(reply);
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}
