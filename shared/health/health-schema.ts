import { z } from 'zod';

// The header naming the web build (kept without zod for the phone's first download).
export { APP_BUILD_HEADER } from './app-build-header';

// GET /api/health/details (office roles): what an installation runs.
export const healthDetailsSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  // Short git commit; null outside a git checkout.
  commit: z.string().nullable(),
  // How many migrations the database has had, and the last one's name.
  migration: z.object({ level: z.number().int(), latest: z.string().nullable() }),
  // The stamp of the web build served; null when the server serves none.
  webBuild: z.string().nullable(),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;
