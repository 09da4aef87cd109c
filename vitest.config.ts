import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = {
  '@shared': path.resolve(root, 'shared'),
  '@web': path.resolve(root, 'web/src'),
};

// The API tests run against a real database: project `api` on the one TEST_DB names (sqlite
// unless told), project `api-postgres` on PostgreSQL. `npm test` runs all three projects in one
// Vitest run, so its workers stay busy to the end instead of idling at the tail of each stage.
const apiDialect = process.env.TEST_DB ?? 'sqlite';

function apiProject(name: string, dialect: string) {
  return {
    resolve: { alias },
    test: {
      name,
      include: ['server/test/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: dialect },
      // One migrated database per run, copied for each test app (server/test/support).
      globalSetup: ['server/test/support/migrated-template.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

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
          // In `npm test` a unit file shares the two cores with two others (API files, OCR), so
          // Vitest's 5 s and 10 s defaults would fail tests that take 3 s alone; a hang still fails.
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
      apiProject('api', apiDialect),
      // Without it when TEST_DB=postgres already puts `api` on PostgreSQL.
      ...(apiDialect === 'postgres' ? [] : [apiProject('api-postgres', 'postgres')]),
    ],
  },
});
