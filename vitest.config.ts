// The quick tests in one Vitest run (the "web and shared tests" step of `npm test`), each project with its own config:
// the web app's component and hook tests on jsdom, and the shared package's rules and schemas on Node.js.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/web', 'packages/shared'],
  },
});
