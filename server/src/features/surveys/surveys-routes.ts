import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import {
  mySurveysSchema,
  responseConflictSchema,
  savedResponsesSchema,
  type SavedResponses,
  surveyDeleteQuerySchema,
  surveyExportFileName,
  surveyExportQuerySchema,
  surveyInputSchema,
  surveyListSchema,
  surveyQuerySchema,
  surveyResponseInputSchema,
  surveyResultsQuerySchema,
  surveyResultsSchema,
  surveySchema,
  surveyStateInputSchema,
  surveyUpdateSchema,
  voterSurveysSchema,
} from '@shared/surveys/survey-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { answerKeeper } from '../../plugins/idempotency';
import { requestActor, type UserActor } from '../audit/actor';
import { XLSX_CONTENT_TYPE } from '../voters/voter-spreadsheets';
import { boothScopeFor } from '../voters/voter-access';
import { exportSurvey } from './survey-export';
import { answerSurvey, changeSurveyState, createSurvey, editSurvey, getSurvey, mySurveys, removeSurvey, surveyList, surveyResults, voterSurveys } from './surveys-use-cases';

const idParams = z.object({ id: recordIdSchema('Survey id must be a positive number') });
const scopeOf = (request: FastifyRequest) => boothScopeFor(signedInUser(request).user);
const userActor = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
// Issue 20's readers of booth results: the office, and Supervisors for their booths.
const RESULT_READERS = ['Super Admin', 'Admin', 'Supervisor'] as const;
const BOOTH_WORKERS = ['Supervisor', 'Karyakarta'] as const;

// Issue 61, surveys (/api/surveys): the office writes, opens, closes and exports them; every role
// answers them for the voters its booths reach; results for the office and Supervisors (their
// booths). A field user sees a survey once opened and only where it is asked in their booths.
export async function surveyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'Surveys, newest first, by state; a field user sees the opened surveys of their booths, answers counted in their booths',
      querystring: surveyQuerySchema,
      response: { 200: surveyListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => surveyList(ctx.db, scopeOf(request), request.query),
  });

  routes.get('/mine', {
    config: { access: BOOTH_WORKERS },
    schema: {
      tags: ['surveys'],
      summary: "The open surveys of the field user's booths, the roll page size and the versions of the answers already given there (the phone keeps them for offline answering)",
      response: { 200: mySurveysSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => mySurveys(ctx.db, userActor(request)),
  });

  routes.post('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'Write a survey (office roles): a draft until opened',
      body: surveyInputSchema,
      response: { 201: surveySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createSurvey(ctx.db, requestActor(request), request.body)),
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'A survey with its questions and how many voters and households were answered for (a field user: their booths)',
      params: idParams,
      response: { 200: surveySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => getSurvey(ctx.db, scopeOf(request), request.params.id),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'Edit a survey (office roles); version = the version the form started from; its questions stay as they are once it has answers (409)',
      params: idParams,
      body: surveyUpdateSchema,
      response: { 200: surveySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(surveySchema) },
    },
    handler: async (request) => editSurvey(ctx.db, requestActor(request), request.params.id, request.body),
  });

  routes.post('/:id/state', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'Open a survey (draft or closed) or close an open one (office roles); version = the version seen',
      params: idParams,
      body: surveyStateInputSchema,
      response: { 200: surveySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(surveySchema) },
    },
    handler: async (request) => changeSurveyState(ctx.db, requestActor(request), request.params.id, request.body),
  });

  routes.delete('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['surveys'],
      summary: 'Delete a survey without answers (office roles); version = the version seen',
      params: idParams,
      querystring: surveyDeleteQuerySchema,
      response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(surveySchema) },
    },
    handler: async (request) => {
      await removeSurvey(ctx.db, requestActor(request), request.params.id, request.query.version);
      return { message: 'Survey deleted' };
    },
  });

  routes.post('/:id/responses', {
    config: { access: ALL_ROLES, idempotent: true },
    schema: {
      tags: ['surveys'],
      summary:
        "Answer an open survey for one voter, or for a household's members (the answers kept for each), within the user's booths and the survey's booths or pages; each voter's version as last seen (null: none); 409 with the current answers when someone answered first",
      params: idParams,
      body: surveyResponseInputSchema,
      response: { 200: savedResponsesSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: responseConflictSchema },
    },
    handler: async (request) => answerSurvey(ctx, userActor(request), request.params.id, request.body, answerKeeper(request, 200, (saved: SavedResponses) => saved)),
  });

  routes.get('/:id/results', {
    config: { access: RESULT_READERS },
    schema: {
      tags: ['surveys'],
      summary: "A survey's answers counted per question and option, broken down by booth, village, support level, caste or age band, for one booth or village or all the user's booths",
      params: idParams,
      querystring: surveyResultsQuerySchema,
      response: { 200: surveyResultsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => surveyResults(ctx.db, userActor(request), request.params.id, request.query),
  });

  // Heavy, as the voters' export: one at a time per user, a few per process (decision 063).
  routes.get('/:id/export', {
    config: { access: ADMIN_ROLES, heavy: true },
    schema: {
      tags: ['surveys'],
      summary: "A survey's answers as a streamed .xlsx, a row per voter (one booth or village, or all), stamped as voter exports are; one of the user's daily exports (429 past the limit)",
      params: idParams,
      querystring: surveyExportQuerySchema,
      response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const { stream, day } = await exportSurvey(ctx, userActor(request), request.params.id, request.query, (error) => request.log.error({ err: error }, 'survey export failed'));
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${surveyExportFileName(request.params.id, day)}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  });
}

// GET /api/voters/:id/surveys, registered under /api beside the voter routes (as contacts are).
export async function voterSurveyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/voters/:id/surveys', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['surveys'],
      summary: "A voter's answers to surveys, with the surveys, and the open surveys asked in their booth and page (the voter's card)",
      params: voterIdParamsSchema,
      response: { 200: voterSurveysSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request) => voterSurveys(ctx.db, userActor(request), request.params.id),
  });
}
