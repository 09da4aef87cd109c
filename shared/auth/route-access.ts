import { ADMIN_ROLES, ALL_ROLES, type Role } from './roles';

// Who may call each API route (spec section 6 and the feature issues), in one place.
// The access-control plugin applies this table at start-up: a route missing from it, or
// one whose own `config.access` disagrees with it, stops the server from starting.
// Per-record rules (booth scope, a task deleted only by its assigner) live in the features.
export type RouteAccess = 'public' | readonly Role[];

const SUPER_ADMIN_ONLY = ['Super Admin'] as const satisfies readonly Role[];
// Issue 20: who gives out roll pages (a Supervisor within their booths), and who holds them.
const PAGE_ASSIGNERS = ['Super Admin', 'Admin', 'Supervisor'] as const satisfies readonly Role[];
const KARYAKARTA_ONLY = ['Karyakarta'] as const satisfies readonly Role[];
const BOOTH_WORKERS = ['Supervisor', 'Karyakarta'] as const satisfies readonly Role[];
// Issue 20: who decides on households and reviews duplicate entries, Supervisors within their
// booths (the features check booth access per record).
export const HOUSEHOLD_DECIDERS = ['Super Admin', 'Admin', 'Supervisor'] as const satisfies readonly Role[];
export const DUPLICATE_REVIEWERS = HOUSEHOLD_DECIDERS;
// Issue 61: who decides availability reports, a Supervisor within their booths (checked per report).
export const AVAILABILITY_DECIDERS = HOUSEHOLD_DECIDERS;
// Issue 20: booth classes and coverage views, a Supervisor's limited to their booths.
const COVERAGE_READERS = ['Super Admin', 'Admin', 'Supervisor'] as const satisfies readonly Role[];

export const ROUTE_ACCESS = {
  'GET /api/health': 'public',
  // The version helps an attacker pick an exploit a little: office roles only.
  'GET /api/health/details': ADMIN_ROLES,

  'POST /api/auth/login': 'public',
  'POST /api/auth/login/two-factor': 'public',
  'GET /api/auth/me': ALL_ROLES,
  'POST /api/auth/logout': ALL_ROLES,

  'GET /api/settings': ADMIN_ROLES,
  'GET /api/settings/public': ALL_ROLES,
  // The default language, so the sign-in page can speak it before anyone signs in.
  'GET /api/settings/language': 'public',
  'PUT /api/settings': ADMIN_ROLES,

  'GET /api/users': ADMIN_ROLES,
  'GET /api/users/by-role': ALL_ROLES,
  'POST /api/users': ADMIN_ROLES,
  'PUT /api/users/me/password': ALL_ROLES,
  'PUT /api/users/me/language': ALL_ROLES,
  'PUT /api/users/:id': ADMIN_ROLES,
  'PUT /api/users/:id/password': ADMIN_ROLES,
  'DELETE /api/users/:id': ADMIN_ROLES,

  'GET /api/two-factor/users/:id': SUPER_ADMIN_ONLY,
  'DELETE /api/two-factor/users/:id': SUPER_ADMIN_ONLY,

  'GET /api/tasks': ALL_ROLES,
  'POST /api/tasks': ALL_ROLES,
  'PUT /api/tasks/:id': ALL_ROLES,
  'DELETE /api/tasks/:id': ALL_ROLES,

  // Issue 59, the office's grievance register: every role raises and follows the requests of
  // its booths (checked per record); the office edits a request's details.
  'GET /api/service-requests': ALL_ROLES,
  'POST /api/service-requests': ALL_ROLES,
  'GET /api/service-requests/:id': ALL_ROLES,
  'PUT /api/service-requests/:id': ADMIN_ROLES,
  'POST /api/service-requests/:id/notes': ALL_ROLES,
  'GET /api/service-requests/:id/attachments': ALL_ROLES,
  'POST /api/service-requests/:id/attachments': ALL_ROLES,
  'GET /api/service-requests/:id/attachments/:attachmentId': ALL_ROLES,
  'DELETE /api/service-requests/:id/attachments/:attachmentId': ADMIN_ROLES,
  'GET /api/service-requests/:id/receipt': ALL_ROLES,
  // Decision 090: the register's export is the office's (like voter exports); its counts are
  // the office's dashboard; its analytics the office's and a Supervisor's (their booths).
  'GET /api/service-requests/export/excel': ADMIN_ROLES,
  'GET /api/service-requests/counts': ADMIN_ROLES,
  'GET /api/service-requests/analytics': COVERAGE_READERS,
  // Issue 59, the leader's calendar: the office's alone.
  'GET /api/appointments': ADMIN_ROLES,
  'POST /api/appointments': ADMIN_ROLES,
  'PUT /api/appointments/:id': ADMIN_ROLES,
  // Decision 091: the leaders' calendars and day sheets are the office's; the walk-in queue of a
  // hearing day is also the door's (field roles read calendars, give out and move tokens).
  'GET /api/appointments/calendars': ALL_ROLES,
  'POST /api/appointments/calendars': ADMIN_ROLES,
  'PUT /api/appointments/calendars/:id': ADMIN_ROLES,
  'POST /api/appointments/calendars/:id/blocked-days': ADMIN_ROLES,
  'DELETE /api/appointments/calendars/:id/blocked-days/:blockedId': ADMIN_ROLES,
  'GET /api/appointments/sheet': ADMIN_ROLES,
  'GET /api/appointments/tokens': ALL_ROLES,
  'POST /api/appointments/tokens': ALL_ROLES,
  'PUT /api/appointments/tokens/:id': ALL_ROLES,
  // Issue 59, village programs: the office's to manage; a field user reads those covering their booths.
  'GET /api/village-programs': ALL_ROLES,
  'GET /api/village-programs/not-visited': ADMIN_ROLES,
  'POST /api/village-programs': ADMIN_ROLES,
  'GET /api/village-programs/:id': ALL_ROLES,
  'PUT /api/village-programs/:id': ADMIN_ROLES,
  'DELETE /api/village-programs/:id': ADMIN_ROLES,
  // Issue 61, surveys: the office writes, opens, closes and exports them; every role answers them
  // for the voters its booths reach (checked per voter); results for the office and Supervisors
  // (their booths); a field user's phone takes the open surveys of its booths.
  'GET /api/surveys': ALL_ROLES,
  'GET /api/surveys/mine': BOOTH_WORKERS,
  'POST /api/surveys': ADMIN_ROLES,
  'GET /api/surveys/:id': ALL_ROLES,
  'PUT /api/surveys/:id': ADMIN_ROLES,
  'DELETE /api/surveys/:id': ADMIN_ROLES,
  'POST /api/surveys/:id/state': ADMIN_ROLES,
  'POST /api/surveys/:id/responses': ALL_ROLES,
  'GET /api/surveys/:id/results': COVERAGE_READERS,
  'GET /api/surveys/:id/export': ADMIN_ROLES,
  'GET /api/voters/:id/surveys': ALL_ROLES,

  'POST /api/notifications/send': ALL_ROLES,
  'GET /api/notifications/recipients': ALL_ROLES,
  'GET /api/notifications/logs': ALL_ROLES,
  'GET /api/notifications/stats': ALL_ROLES,
  'GET /api/notifications/sms-pricing': ALL_ROLES,
  'GET /api/notifications/my': ALL_ROLES,
  'GET /api/notifications/inbox': ALL_ROLES,
  'POST /api/notifications/read/:id': ALL_ROLES,
  // Issue 60: messages to voters. The inbound callback is the gateway's, checked by its token.
  'GET /api/voter-messages/consent/:id': ADMIN_ROLES,
  'PUT /api/voter-messages/consent/:id': ADMIN_ROLES,
  'POST /api/voter-messages/inbound': 'public',
  'POST /api/voter-messages/delivery': 'public',
  'GET /api/voter-messages/templates': ADMIN_ROLES,
  'POST /api/voter-messages/templates': ADMIN_ROLES,
  'PUT /api/voter-messages/templates/:id': ADMIN_ROLES,
  'GET /api/voter-messages/greetings': ADMIN_ROLES,
  'POST /api/voter-messages/greetings/whatsapp': ADMIN_ROLES,
  'POST /api/voter-messages/preview': ADMIN_ROLES,
  'POST /api/voter-messages/sends': ADMIN_ROLES,
  'GET /api/voter-messages/sends': ADMIN_ROLES,
  'GET /api/voter-messages/sends/:id': ADMIN_ROLES,
  // A send above the approval threshold (Settings) goes only once a Super Admin approves it.
  'POST /api/voter-messages/sends/:id/approve': SUPER_ADMIN_ONLY,
  'POST /api/voter-messages/sends/:id/cancel': ADMIN_ROLES,

  'GET /api/audit-logs': ADMIN_ROLES,

  'GET /api/voters': ALL_ROLES,
  'GET /api/voters/:id': ALL_ROLES,
  'GET /api/voters/:id/photo': ALL_ROLES,
  'POST /api/voters': ALL_ROLES,
  'PUT /api/voters/:id': ALL_ROLES,
  'DELETE /api/voters/:id': ADMIN_ROLES,
  'POST /api/voters/import': ADMIN_ROLES,
  'GET /api/voters/import/template': ADMIN_ROLES,
  'GET /api/voters/export/excel': ADMIN_ROLES,
  'GET /api/voters/exp/excel': ADMIN_ROLES,

  // Contacts and support (issue 20): every role on the voters their booths reach.
  'POST /api/voters/:id/contacts': ALL_ROLES,
  'GET /api/voters/:id/contacts': ALL_ROLES,
  'GET /api/contacts/issues': ALL_ROLES,
  // Issue 61, voter availability: every role reports on the voters their booths reach; the office
  // and Supervisors (their booths) decide (docs/decisions/086-voter-availability.md).
  'POST /api/voters/:id/flags': ALL_ROLES,
  'GET /api/voter-flags': AVAILABILITY_DECIDERS,
  'POST /api/voter-flags/:id/confirm': AVAILABILITY_DECIDERS,
  'POST /api/voter-flags/:id/dismiss': AVAILABILITY_DECIDERS,

  'GET /api/analytics/dashboard': ADMIN_ROLES,
  'GET /api/analytics/recent-activity': ADMIN_ROLES,
  'GET /api/analytics/filter-options': ADMIN_ROLES,
  'GET /api/analytics/gender': ADMIN_ROLES,
  'GET /api/analytics/age-groups': ADMIN_ROLES,
  'GET /api/analytics/areas': ADMIN_ROLES,
  'GET /api/analytics/caste': ADMIN_ROLES,
  'GET /api/analytics/political-preference': ADMIN_ROLES,
  'GET /api/analytics/caste-political-cross': ADMIN_ROLES,
  // Issue 20, booth classes and coverage: Supervisors see their own booths' and workers'.
  'GET /api/analytics/booths': COVERAGE_READERS,
  'GET /api/analytics/workers': COVERAGE_READERS,

  // Issue 20, booths and roll pages: every role reads the booths of its booth access.
  'GET /api/booths': ALL_ROLES,
  'GET /api/booths/:id': ALL_ROLES,
  'PUT /api/booths/:id': ADMIN_ROLES,
  'PUT /api/booths/:id/class': ADMIN_ROLES,
  'GET /api/booths/:id/voters': ALL_ROLES,
  'GET /api/booths/:id/households': ALL_ROLES,
  'PUT /api/booths/:id/assignments': PAGE_ASSIGNERS,
  // Issue 61, past results per booth: the office imports and deletes; every role reads, field
  // roles only their booths' rows (checked in the feature).
  'GET /api/election-results': ALL_ROLES,
  'POST /api/election-results/import': ADMIN_ROLES,
  'GET /api/election-results/booths/:id': ALL_ROLES,
  'GET /api/election-results/:id': ALL_ROLES,
  'DELETE /api/election-results/:id': ADMIN_ROLES,
  'GET /api/my-voters': KARYAKARTA_ONLY,
  // Issue 22, voter slips: every role prints and shares the slips of the voters its booth
  // access reaches (checked per record in features/slips).
  'GET /api/slips/voters/:id': ALL_ROLES,
  'GET /api/slips/households/:id': ALL_ROLES,
  'GET /api/slips/booths/:id': ALL_ROLES,
  'GET /api/slips/search': ALL_ROLES,
  'GET /api/slips/voters/:id/share': ALL_ROLES,
  'GET /api/slips/households/:id/share': ALL_ROLES,
  // Issue 61: a voter's slip code, and revoking it (a lost slip, a reprint): office roles.
  'GET /api/slips/voters/:id/code': ADMIN_ROLES,
  'POST /api/slips/voters/:id/code/revoke': ADMIN_ROLES,
  // The whole constituency's slips, a background job: office roles.
  'POST /api/slips/jobs': ADMIN_ROLES,
  'GET /api/slips/jobs': ADMIN_ROLES,
  'GET /api/slips/jobs/:id': ADMIN_ROLES,
  'POST /api/slips/jobs/:id/cancel': ADMIN_ROLES,
  'GET /api/slips/jobs/:id/file': ADMIN_ROLES,
  // Households: every role sees its booths' households; a Karyakarta's confirmation is a suggestion.
  'GET /api/households': ALL_ROLES,
  'GET /api/households/:id': ALL_ROLES,
  'POST /api/households/propose': HOUSEHOLD_DECIDERS,
  'POST /api/households/:id/confirm': ALL_ROLES,
  'POST /api/households/:id/split': HOUSEHOLD_DECIDERS,
  'POST /api/households/:id/merge': HOUSEHOLD_DECIDERS,
  'POST /api/households/:id/members': HOUSEHOLD_DECIDERS,

  // Duplicate entries: the scan reads the whole constituency, so only office roles start it.
  'POST /api/duplicates/scan': ADMIN_ROLES,
  'GET /api/duplicates/scan': DUPLICATE_REVIEWERS,
  'GET /api/duplicates': DUPLICATE_REVIEWERS,
  'POST /api/duplicates/:id/mark': DUPLICATE_REVIEWERS,
  'POST /api/duplicates/:id/dismiss': DUPLICATE_REVIEWERS,
  'POST /api/duplicates/:id/reopen': DUPLICATE_REVIEWERS,

  // Issue 22, poll day: every role marks who voted in its booths; turnout and the booth chase
  // lists for the office and Supervisors (their booths); a Karyakarta's own chase list.
  'GET /api/poll/booths/:id/voters': ALL_ROLES,
  'GET /api/poll/booths/:id/marks': ALL_ROLES,
  'POST /api/poll/booths/:id/marks': ALL_ROLES,
  'POST /api/poll/booths/:id/unmark': ALL_ROLES,
  // Issue 61: a slip's QR code scanned on poll day marks its voter (booth checked per request).
  'POST /api/poll/booths/:id/slip-marks': ALL_ROLES,
  'POST /api/poll/sms-marks': ADMIN_ROLES,
  'GET /api/poll/turnout': COVERAGE_READERS,
  'GET /api/poll/chase/mine': KARYAKARTA_ONLY,
  'GET /api/poll/chase/booths': COVERAGE_READERS,
  'GET /api/poll/chase/booths/:id': COVERAGE_READERS,
  'PUT /api/poll/chase/voters/:id': ALL_ROLES,
  // Issue 21: the phone's copy of its booths' voters, for the field roles (office roles reach
  // every booth: no whole constituency on a phone; the feature refuses such a field user too).
  'GET /api/sync/voters': BOOTH_WORKERS,
  // Issue 19, the roll import: the office uploads, reviews and commits rolls.
  'GET /api/rolls/imports': ADMIN_ROLES,
  'POST /api/rolls/imports': ADMIN_ROLES,
  'GET /api/rolls/imports/:id': ADMIN_ROLES,
  'POST /api/rolls/imports/:id/cancel': ADMIN_ROLES,
  'GET /api/rolls/imports/:id/voters': ADMIN_ROLES,
  'PUT /api/rolls/imports/:id/voters/:n': ADMIN_ROLES,
  'GET /api/rolls/imports/:id/voters/:n/crop.png': ADMIN_ROLES,
  'GET /api/rolls/imports/:id/absent': ADMIN_ROLES,
  'PUT /api/rolls/imports/:id/booth': ADMIN_ROLES,
  'POST /api/rolls/imports/:id/commit': ADMIN_ROLES,
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof ROUTE_ACCESS;

// The table's key for a route: "METHOD /path" with a trailing slash dropped.
export function routeKey(method: string, url: string): string {
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  return `${method.toUpperCase()} ${path}`;
}

export function accessFor(method: string, url: string): RouteAccess | undefined {
  return (ROUTE_ACCESS as Record<string, RouteAccess>)[routeKey(method, url)];
}

export function sameAccess(a: RouteAccess, b: RouteAccess): boolean {
  if (a === 'public' || b === 'public') return a === b;
  return a.length === b.length && a.every((role) => b.includes(role));
}
