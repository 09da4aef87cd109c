import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = {
  '@shared': path.resolve(root, 'shared'),
  '@web': path.resolve(root, 'web/src'),
};

// Two projects: fast unit tests (shared, server units, web components in jsdom) and
// API tests that run against a real database (TEST_DB=sqlite or TEST_DB=postgres).
// Playwright specs live in e2e/ and are never picked up here.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['web/src/testing/setup-tests.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
