// Import boundaries of the web app (see CONTRIBUTING.md; why: docs/decisions/0011-web-import-boundaries.md).
// Imports flow one way: shared layer → features → app.
//   shared   src/{lib,components,hooks,config,styles}: imports only the shared layer (and npm packages).
//   feature  src/features/<name>: its own files, the shared layer, and the features listed for it below,
//            each only through its public surface `features/<name>/index.ts`.
//   app      src/app: routes, providers, layout; composes features through their index.ts.
//   main     src/main.tsx: hydrates app/ in the browser, with the global styles; src/entry-server.tsx: renders it on the server.
// Every layer may import npm packages and @beat/shared (packages/shared: the schemas shared with the server).
import boundaries from 'eslint-plugin-boundaries';

/** Features in dependency order: a feature may depend only on features before it, so the graph has no cycle. */
const featureOrder = ['auth', 'favourites', 'player', 'cart', 'exclusive-offers', 'vip-upsell', 'downloads', 'free-downloads', 'catalog', 'beat-page', 'purchases', 'account', 'store-pages', 'admin'];

/** The allowed feature graph: which other features each feature may import (through their index.ts). */
const featureDeps = {
  auth: [],
  favourites: ['auth'],
  player: ['auth', 'favourites'],
  cart: ['auth'],
  'exclusive-offers': ['auth'],
  'vip-upsell': ['auth', 'cart'],
  downloads: ['auth', 'cart', 'vip-upsell'],
  'free-downloads': [],
  catalog: ['auth', 'cart', 'downloads', 'favourites', 'free-downloads', 'player'],
  'beat-page': ['auth', 'favourites', 'player', 'cart', 'exclusive-offers', 'vip-upsell', 'downloads', 'free-downloads', 'catalog'],
  purchases: ['cart', 'catalog', 'downloads', 'player'],
  account: ['auth', 'downloads'],
  'store-pages': [],
  admin: ['auth', 'catalog', 'exclusive-offers', 'player', 'store-pages'],
};

// An edge added above that points forward (or a feature missing from the order) would allow a cycle: refuse it here.
for (const [feature, deps] of Object.entries(featureDeps)) {
  const at = featureOrder.indexOf(feature);
  if (at === -1) throw new Error(`eslint.boundaries.js: feature '${feature}' is missing from featureOrder`);
  const forward = deps.filter((dep) => !featureOrder.slice(0, at).includes(dep));
  if (forward.length > 0) {
    throw new Error(`eslint.boundaries.js: '${feature}' may only depend on features before it in featureOrder, not ${forward.join(', ')}`);
  }
}

const list = (names) => (names.length > 0 ? names.join(', ') : 'none');

export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      // Re-exports (`export … from`) and lazy `import()` cross boundaries too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'shared', pattern: 'apps/web/src/(lib|components|hooks|config|styles|test)' },
        { type: 'main', pattern: 'apps/web/src/{main.tsx,entry-server.tsx}', mode: 'full' },
        { type: 'shared-package', pattern: 'packages/shared' },
      ],
    },
    rules: {
      // Message templates use `${…}` (file = the importing file, dependency = the imported one): see
      // customErrorMessage in eslint-plugin-boundaries/dist/Messages/Messages.js.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: 'This import crosses the web app boundaries (a ${file.type} file may not import a ${dependency.type} file): see apps/web/eslint.boundaries.js.',
          rules: [
            { from: ['main', 'app', 'feature', 'shared'], allow: ['shared-package'] },
            { from: ['main'], allow: ['app', 'shared'] },
            { from: ['app'], allow: ['app', 'feature', 'shared'] },
            {
              from: ['shared'],
              disallow: ['feature', 'app', 'main'],
              message:
                'The shared layer (src/lib, components, hooks, config, styles) must not import features or app/: they build on it. Move the piece it needs down into the shared layer, or compose the two in app/.',
            },
            { from: ['shared'], allow: ['shared'] },
            {
              from: ['feature'],
              disallow: ['app', 'main'],
              message: 'features/${file.feature} must not import app/: app/ composes features, not the other way round.',
            },
            ...Object.entries(featureDeps).flatMap(([feature, deps]) => [
              {
                from: [['feature', { feature }]],
                disallow: ['feature'],
                message: `features/${feature} may not import features/\${dependency.feature}; it may import only: ${list(deps)}. Feature imports run one way (${featureOrder.join(' → ')}), so move the shared piece down into src/lib, components or hooks, or compose the two features in app/.`,
              },
              { from: [['feature', { feature }]], allow: ['shared', ...(deps.length > 0 ? [['feature', { feature: deps }]] : [])] },
            ]),
          ],
        },
      ],
      // From outside a feature, only its public surface may be imported.
      'boundaries/entry-point': [
        'error',
        {
          default: 'disallow',
          message:
            "Import features/${dependency.feature} through its public surface 'features/${dependency.feature}/index.ts', not '${dependency.internalPath}': export what the importer needs from that index.ts (keep it small).",
          rules: [
            { target: ['feature'], allow: 'index.ts' },
            { target: ['app', 'shared', 'main', 'shared-package'], allow: '**' },
          ],
        },
      ],
      // Every file under src/ belongs to a layer, and no import reaches a local file outside them.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown': 'error',
    },
  },
];
