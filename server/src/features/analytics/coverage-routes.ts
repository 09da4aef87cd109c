import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { type BoothAnalytics, boothAnalyticsSchema, coverageFilterSchema, workerCoverageSchema } from '@shared/booths/booth-class';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { inScope, visibleBooths } from '../booths/booth-access';
import { boothTallies, classInfoOf, classRule, coverageOf, emptyTally, supportOf, sumTallies, workerCoverage } from '../booths/booth-coverage';
import { listBoothRows } from '../booths/booths-repository';
import { pageSizeOf } from '../booths/booths-use-cases';
import { boothScopeFor } from '../voters/voter-access';

const COVERAGE_READERS = ['Super Admin', 'Admin', 'Supervisor'] as const;
const denied = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// The booths the caller may read, after the booth filter: a Supervisor asking for a booth
// outside their access gets 403, as the voter list answers.
function scopedBooths(request: FastifyRequest, booth: string | undefined): readonly string[] | undefined {
  const user = signedInUser(request).user;
  if (booth && !inScope(boothScopeFor(user), booth)) throw new HttpError(403, `You do not have access to ${booth}`);
  return visibleBooths(user);
}

// Booth classes and coverage (issue 20, docs/decisions/028-booth-classes-and-coverage.md),
// mounted under /api/analytics beside the other analytics views.
export async function coverageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  routes.get('/booths', {
    config: { access: COVERAGE_READERS },
    schema: {
      tags,
      summary: 'Booths by class, coverage (contacted / voters) and support by booth, with the location filters (a Supervisor: their booths)',
      querystring: coverageFilterSchema,
      response: { 200: boothAnalyticsSchema, ...denied },
    },
    handler: async (request): Promise<BoothAnalytics> => {
      const labels = scopedBooths(request, request.query.booth);
      const tallies = await boothTallies(ctx.db, labels, request.query);
      const thresholds = await classRule(ctx.db, labels);
      const filtered = Boolean(request.query.taluka || request.query.village || request.query.booth);
      const rows = (await listBoothRows(ctx.db, labels)).filter((row) => (filtered ? tallies.has(row.label) : true));
      const classes = { A: 0, B: 0, C: 0, none: 0 };
      const booths = rows.map((row) => {
        const tally = tallies.get(row.label) ?? emptyTally();
        const info = classInfoOf(row, tally, thresholds);
        classes[info.class ?? 'none'] += 1;
        return { id: row.id, label: row.label, polling_station_name: row.polling_station_name, class: info.class, overridden: info.override !== null, coverage: coverageOf(tally), support: supportOf(tally) };
      });
      const total = sumTallies(rows.map((row) => tallies.get(row.label) ?? emptyTally()));
      return { thresholds: { a_min: thresholds.aMin, b_min: thresholds.bMin }, classes, coverage: coverageOf(total), support: supportOf(total), booths };
    },
  });

  routes.get('/workers', {
    config: { access: COVERAGE_READERS },
    schema: {
      tags,
      summary: "Coverage by worker: each Karyakarta's assigned voters (their pages and houses) and how many are contacted, with the location filters (a Supervisor: their booths)",
      querystring: coverageFilterSchema,
      response: { 200: workerCoverageSchema, ...denied },
    },
    handler: async (request) => {
      const labels = scopedBooths(request, request.query.booth);
      return { workers: await workerCoverage(ctx.db, await pageSizeOf(ctx.db), labels, request.query) };
    },
  });
}
