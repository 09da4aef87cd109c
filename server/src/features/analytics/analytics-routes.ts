import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityItemSchema,
  ageGroupRowSchema,
  analyticsFilterSchema,
  areaRowSchema,
  casteRowSchema,
  crossRowSchema,
  dashboardStatsSchema,
  filterOptionsSchema,
  genderRowSchema,
  preferenceRowSchema,
} from '@shared/analytics/analytics-schema';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import type { AppContext } from '../../context';
import { ageGroupCounts, areaCounts, casteCounts, crossCounts, dashboardStats, filterOptions, genderCounts, preferenceCounts, recentActivity } from './analytics-repository';

// Spec sections 6 and 7: the dashboard and analytics are for Super Admin and Admin, whose
// booth access is every booth, so no booth scope applies here.
const denied = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const AREA_LIMIT = 50;
const RECENT_ACTIVITY_LIMIT = 10;

export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ROLES };
  const tags = ['analytics'];

  routes.get('/dashboard', {
    config,
    schema: { tags, summary: 'Dashboard counts', response: { 200: dashboardStatsSchema, ...denied } },
    handler: async () => dashboardStats(ctx.db),
  });
  routes.get('/recent-activity', {
    config,
    schema: { tags, summary: 'The latest audit log entries', response: { 200: z.array(activityItemSchema), ...denied } },
    handler: async () => recentActivity(ctx.db, RECENT_ACTIVITY_LIMIT),
  });
  routes.get('/filter-options', {
    config,
    schema: { tags, summary: 'Talukas, villages and booths present in the data', response: { 200: filterOptionsSchema, ...denied } },
    handler: async () => filterOptions(ctx.db),
  });

  const filtered = { querystring: analyticsFilterSchema, tags };
  routes.get('/gender', {
    config,
    schema: { ...filtered, summary: 'Voters by gender', response: { 200: z.array(genderRowSchema), ...denied } },
    handler: async (request) => genderCounts(ctx.db, request.query),
  });
  routes.get('/age-groups', {
    config,
    schema: { ...filtered, summary: 'Voters by age group', response: { 200: z.array(ageGroupRowSchema), ...denied } },
    handler: async (request) => ageGroupCounts(ctx.db, request.query),
  });
  routes.get('/areas', {
    config,
    schema: { ...filtered, summary: `Voters by ward/area, largest first (top ${AREA_LIMIT})`, response: { 200: z.array(areaRowSchema), ...denied } },
    handler: async (request) => areaCounts(ctx.db, request.query, AREA_LIMIT),
  });
  routes.get('/caste', {
    config,
    schema: { ...filtered, summary: 'Voters by caste with percentages', response: { 200: z.array(casteRowSchema), ...denied } },
    handler: async (request) => casteCounts(ctx.db, request.query),
  });
  routes.get('/political-preference', {
    config,
    schema: { ...filtered, summary: 'Voters by political preference with percentages', response: { 200: z.array(preferenceRowSchema), ...denied } },
    handler: async (request) => preferenceCounts(ctx.db, request.query),
  });
  routes.get('/caste-political-cross', {
    config,
    schema: { ...filtered, summary: 'Voters by caste and political preference with percentages', response: { 200: z.array(crossRowSchema), ...denied } },
    handler: async (request) => crossCounts(ctx.db, request.query),
  });
}
