import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type HealthDetails, healthDetailsSchema } from '@shared/health/health-schema';
import type { AppVersion } from '../upgrades/app-version';
import type { MigrationLevel } from '../upgrades/database-upgrade';

export interface RunningInstallation {
  version: AppVersion;
  migration: MigrationLevel;
  webBuild: string | null;
}

export async function healthRoutes(app: FastifyInstance, running: RunningInstallation): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Public, for load balancers: says only that the server answers.
  typed.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Liveness check for load balancers', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  // Read once at start: the answer describes the running process, not the files on disk.
  const details: HealthDetails = {
    status: 'ok',
    version: running.version.version,
    commit: running.version.commit,
    migration: running.migration,
    webBuild: running.webBuild,
  };
  typed.get('/health/details', {
    schema: { tags: ['health'], summary: 'The running version, git commit, migration level and web build', response: { 200: healthDetailsSchema } },
    handler: async () => details,
  });
}
