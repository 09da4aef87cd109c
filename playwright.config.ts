import { defineConfig, devices } from '@playwright/test';

// Browser tests drive Debian's Chromium (a tool's own browser download cannot reach
// the internet here). The server runs on its own port with a fresh database.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The same server on PostgreSQL, for the flows whose queries differ most between the databases.
const POSTGRES_PORT = PORT + 1;
const POSTGRES_SPECS = ['poll-day.spec.ts', 'slip-scan.spec.ts', 'voter-slips.spec.ts', 'booth-coverage.spec.ts', 'voter-messages.spec.ts', 'voter-availability.spec.ts', 'surveys.spec.ts', 'voters-estimated-totals.spec.ts'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Room for a slow hour: this kind of machine shares its cores, and at a load average of 10 to
  // 12 on its 2 cores (seen on 28 Nov) screens took five times as long and nine tests ran out of
  // 7 s waits and 30 s limits. A real failure still fails (no retries), only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two browsers. Four would fill the cores better on a quiet machine (a browser test mostly
  // waits), but on a shared one four failed 15 of their first 43 tests (load 50, 7 Dec) where
  // two failed 7 of 113 (load 25-40): issue 55. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The app's service worker (issue 21) would serve the screens from its cache and outlive a
    // test's page; only e2e/installable-app.spec.ts, which tests it, allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium-postgres',
      testMatch: POSTGRES_SPECS.map((spec) => `**/${spec}`),
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${POSTGRES_PORT}` },
    },
  ],
  // One server process unless APP_WORKERS says otherwise: several are covered by the API test
  // server/test/app/several-processes.test.ts (decision 039).
  webServer: [
    {
      command: 'npx tsx e2e/support/start-e2e-server.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_WORKERS: process.env.APP_WORKERS ?? '1' },
    },
    {
      command: 'npx tsx e2e/support/start-e2e-server.ts',
      url: `http://127.0.0.1:${POSTGRES_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Estimated totals (decision 089) from 500 matches instead of 10,000: a browser test imports
      // a thousand voters of one invented surname (e2e/voters-estimated-totals.spec.ts).
      env: { PORT: String(POSTGRES_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_WORKERS: process.env.APP_WORKERS ?? '1', E2E_DB: 'postgres', ESTIMATED_TOTAL_ABOVE: '500' },
    },
  ],
});
