import { z } from 'zod';

// Every /api answer names the web build the server serves; a page built from other sources
// offers to reload (web/src/lib/app-build.ts). The value is the build stamp, a hash of the
// web sources (web/build/web-build-stamp.ts), not a version number: it changes exactly when
// the screens do.
export const APP_BUILD_HEADER = 'X-App-Build';

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
