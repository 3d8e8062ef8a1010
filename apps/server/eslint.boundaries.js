// Import boundaries of the server (CONTRIBUTING.md#boundaries). A module is a folder of `src/modules`:
// its routes speak HTTP and call their own module's services; services hold the rules and may use other
// modules' services, never routes. Two kinds of file are a module's public surface for other routes: its
// DTO mappers (`*-dto.ts`, the shape of responses) and its request guards (`*.hooks.ts`, e.g. requireAuth).
// The infrastructure (lib, db, adapters, audio, jobs, config, metrics, http) knows no module's rules.
import boundaries from 'eslint-plugin-boundaries';

const src = 'apps/server/src';

export default [
  {
    files: [`${src}/**/*.ts`, 'apps/server/scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts', `${src}/test/**`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
      'boundaries/include': [`${src}/**/*.ts`],
      'boundaries/elements': [
        { type: 'routes', mode: 'file', pattern: `${src}/modules/*/*.routes.ts`, capture: ['module'] },
        { type: 'dto', mode: 'file', pattern: `${src}/modules/*/*-dto.ts`, capture: ['module'] },
        { type: 'hooks', mode: 'file', pattern: `${src}/modules/*/*.hooks.ts`, capture: ['module'] },
        { type: 'module', pattern: `${src}/modules/*`, capture: ['module'] },
        { type: 'http', pattern: `${src}/http` },
        { type: 'infrastructure', pattern: `${src}/(lib|db|adapters|audio|jobs|config|metrics)` },
      ],
    },
    rules: {
      'boundaries/element-types': [
        2,
        {
          default: 'allow',
          rules: [
            {
              from: 'routes',
              disallow: [['module', { module: '!${from.module}' }], ['routes', { module: '!${from.module}' }]],
              message:
                'Routes of "${from.module}" call their own module\'s services only, not "${dependency.module}": add a service function to "${from.module}" (CONTRIBUTING.md#boundaries).',
            },
            {
              from: ['module', 'dto', 'hooks'],
              disallow: ['routes'],
              message: 'Services do not import routes ("${from.module}" imports routes of "${dependency.module}").',
            },
            {
              from: ['infrastructure', 'http'],
              disallow: ['module', 'routes', 'dto'],
              message: 'Infrastructure knows no module: move the rule into the module, or pass it in.',
            },
          ],
        },
      ],
    },
  },
];
