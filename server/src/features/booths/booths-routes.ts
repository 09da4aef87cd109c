import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import {
  assignmentConflictSchema,
  assignmentResultSchema,
  boothDetailSchema,
  boothHouseholdsSchema,
  boothIdParamsSchema,
  boothClassResultSchema,
  boothListSchema,
  boothSchema,
  boothUpdateSchema,
  boothVotersQuerySchema,
  boothVotersSchema,
  pageAssignmentSchema,
} from '@shared/booths/booth-schema';
import { pageCount, serialRangeOf } from '@shared/booths/roll-pages';
import { classOverrideSchema } from '@shared/booths/booth-class';
import { conflictSchema } from '@shared/records/record-version';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { boothVisibleTo, visibleBooths } from './booth-access';
import { boothHouseholds, holderOf, houseVoters, rollPageVoters, unnumberedVoters } from './booth-roll';
import { listBoothRows, liveVotersByBooth, pageHolders, rollExtent, toBoothDto } from './booths-repository';
import { boothTallies, classInfoOf, classRule, emptyTally } from './booth-coverage';
import { assignPages, boothDetail, changeBooth, pageSizeOf, setBoothClass } from './booths-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const PAGE_ASSIGNERS = ['Super Admin', 'Admin', 'Supervisor'] as const;
const readErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;

// Booths and roll pages (issue 20, docs/field-organisation.md). Booth access decides what each
// caller sees; office roles edit booths; office roles and Supervisors (in their booths) assign
// pages.
export async function boothsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: { tags: ['booths'], summary: 'The booths the caller may see, in order, with their live voter counts', response: { 200: boothListSchema, 401: errorSchema, 403: errorSchema } },
    handler: async (request) => {
      const labels = visibleBooths(signedInUser(request).user);
      const rows = await listBoothRows(ctx.db, labels);
      const counts = await liveVotersByBooth(ctx.db, labels);
      const tallies = await boothTallies(ctx.db, labels);
      const thresholds = await classRule(ctx.db, labels);
      return {
        booths: rows.map((row) => ({ ...toBoothDto(row), voters: counts.get(row.label) ?? 0, class: classInfoOf(row, tallies.get(row.label) ?? emptyTally(), thresholds).class })),
      };
    },
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['booths'], summary: 'One booth: its polling station, how many roll pages it has, and its workers with their pages', params: boothIdParamsSchema, response: { 200: boothDetailSchema, ...readErrors } },
    handler: async (request) => boothDetail(ctx, signedInUser(request).user, request.params.id),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['booths'],
      summary: 'Change a booth (fields left out keep their value; version = the version edited, else the last writer wins)',
      params: boothIdParamsSchema,
      body: boothUpdateSchema,
      response: { 200: boothSchema, ...readErrors, 409: conflictSchema(boothSchema) },
    },
    handler: async (request) => toBoothDto(await changeBooth(ctx, actorOf(request), request.params.id, request.body)),
  });

  routes.put('/:id/class', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['booths'],
      summary: "Set the booth's class over the computed one, with the reason (class_override null: the computed class stands again); version = the booth's version",
      params: boothIdParamsSchema,
      body: classOverrideSchema,
      response: { 200: boothClassResultSchema, ...readErrors, 409: conflictSchema(boothSchema) },
    },
    handler: async (request) => {
      const result = await setBoothClass(ctx, actorOf(request), request.params.id, request.body);
      return { booth: toBoothDto(result.booth), class: result.class };
    },
  });

  routes.get('/:id/voters', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['booths'],
      summary: "The booth's voters in roll order: one roll page (page_size serials), or with unnumbered=true a page of those without a serial, or with house_no one house",
      params: boothIdParamsSchema,
      querystring: boothVotersQuerySchema,
      response: { 200: boothVotersSchema, ...readErrors },
    },
    handler: async (request) => {
      const label = boothVisibleTo(signedInUser(request).user, request.params.id);
      const { page, unnumbered, house_no } = request.query;
      const size = await pageSizeOf(ctx.db);
      const { highest } = await rollExtent(ctx.db, label);
      const pages = pageCount(highest, size);
      if (house_no !== undefined) {
        return { page: 1, page_size: size, pages, from: null, to: null, holder: null, voters: await houseVoters(ctx.db, label, house_no) };
      }
      if (unnumbered) {
        return { page, page_size: size, pages, from: null, to: null, holder: null, voters: await unnumberedVoters(ctx.db, label, page, size) };
      }
      const { from, to } = serialRangeOf(page, size);
      const holder = holderOf(await pageHolders(ctx.db, request.params.id, { from: page, to: page }), page);
      return { page, page_size: size, pages, from, to, holder, voters: await rollPageVoters(ctx.db, label, page, size) };
    },
  });

  routes.get('/:id/households', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['booths'],
      summary: "The booth's voters grouped by house number, in roll order, with who holds each house",
      params: boothIdParamsSchema,
      response: { 200: boothHouseholdsSchema, ...readErrors },
    },
    handler: async (request) => {
      const label = boothVisibleTo(signedInUser(request).user, request.params.id);
      return { households: await boothHouseholds(ctx.db, request.params.id, label, await pageSizeOf(ctx.db)) };
    },
  });

  routes.put('/:id/assignments', {
    config: { access: PAGE_ASSIGNERS },
    schema: {
      tags: ['booths'],
      summary: 'Give a range of roll pages, or a list of house numbers, of the booth to a Karyakarta who has access to it (user_id null takes them back)',
      params: boothIdParamsSchema,
      body: pageAssignmentSchema,
      response: { 200: assignmentResultSchema, ...readErrors, 409: assignmentConflictSchema },
    },
    handler: async (request) => assignPages(ctx, actorOf(request), request.params.id, request.body),
  });
}
