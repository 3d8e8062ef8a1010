// The shared package's unit tests (`src/**/*.test.ts`): the rules and schemas both the server and the web app use, on Node.js.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
  },
});
