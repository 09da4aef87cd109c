import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { ADMIN_ROLES, type Role } from '@shared/auth/roles';
import { AVAILABILITY_DECIDERS, DUPLICATE_REVIEWERS } from '@shared/auth/route-access';
import { AppShell } from '@web/components/layout/app-shell';
import { CopyLockGate } from '@web/features/offline/components/copy-lock-gate';
import { OfflineStatus } from '@web/features/offline/components/offline-status';
import { RequireAuth } from '@web/components/layout/require-auth';
import { myVotersQueryOptions } from '@web/features/my-voters/api/get-my-voters';
import { HeaderNotificationBell } from '@web/features/notifications/components/header-notification-bell';
import { votersQueryOptions } from '@web/features/voters/api/get-voters';
import { voterListStateOf } from '@web/features/voters/components/voter-list-state';
import { ChangePasswordButton } from '@web/features/users/components/change-password-button';
import { PasswordChangeGate } from '@web/features/users/components/password-change-gate';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { useHomePath } from '@web/lib/app-settings';
import { rememberedFieldLanding } from '@web/lib/field-landing';
import { queryClient } from '@web/lib/query-client';
import { LoginPage } from './routes/login-page';
import { START_PAGES, type StartPath, startPathOf } from './page-loaders';

// Issue 21: a Karyakarta on weak mobile data downloads only the sign-in page and the shell at
// first; every other screen (and what it alone needs: Chart.js, the forms of the admin screens,
// the import and export steps) comes as its own file when first opened, and the service worker
// keeps it afterwards (docs/decisions/032-fast-first-load-and-installing.md).
// The screens a start may open, by path (page-loaders.ts): app/start-early.ts asks for the one
// an address opens (and its data) first; main.tsx then puts that data in the query cache before
// the first render, rather than after it and the session check (issue 21: a warm start to the
// voter list in under 1 s).
const pageStarts = new Map<StartPath, (search: URLSearchParams) => Promise<unknown>>();

function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPage() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Page />
      </Suspense>
    );
  };
}

// A start screen: its file through the loader app/start-early.ts used (page-loaders.ts). Once
// the file is in, the screen draws in the same render, without a spinner first: a start has
// it before the first render, and its list then shows in that render (issue 21).
function lazyPageAt<P extends StartPath>(path: P, page: (module: Awaited<ReturnType<(typeof START_PAGES)[P]>>) => ComponentType, prefetch?: (search: URLSearchParams) => void) {
  let loaded: ComponentType | undefined;
  const load = () =>
    (START_PAGES[path] as () => Promise<Awaited<ReturnType<(typeof START_PAGES)[P]>>>)().then((module) => {
      loaded = page(module);
      return loaded;
    });
  pageStarts.set(path, (search) => {
    prefetch?.(search);
    return load();
  });
  const LazyPage = lazyPage(load);
  return function StartPage() {
    const Page = loaded;
    return Page ? <Page /> : <LazyPage />;
  };
}

// The voter list's data, in the query cache before the first render (the list the address asks
// for, as the screen reads it: voter-list-state.ts).
function prefetchVoterList(search: URLSearchParams): void {
  const list = voterListStateOf(search);
  if (list.tab !== 'import' && list.queryValid) void queryClient.prefetchQuery(votersQueryOptions(list.listParams));
}

const AnalyticsPage = lazyPage(() => import('./routes/analytics-page').then((module) => module.AnalyticsPage));
const AuditLogsPage = lazyPage(() => import('./routes/audit-logs-page').then((module) => module.AuditLogsPage));
const BoothPage = lazyPageAt('/booths/:id', (module) => module.BoothPage);
const BoothsPage = lazyPageAt('/booths', (module) => module.BoothsPage);
const DashboardPage = lazyPageAt('/dashboard', (module) => module.DashboardPage);
const DuplicatesPage = lazyPage(() => import('./routes/duplicates-page').then((module) => module.DuplicatesPage));
const HouseholdsPage = lazyPage(() => import('./routes/households-page').then((module) => module.HouseholdsPage));
const MyVotersPage = lazyPageAt('/my-voters', (module) => module.MyVotersPage, () => void queryClient.prefetchQuery(myVotersQueryOptions));
const NotificationsPage = lazyPage(() => import('./routes/notifications-page').then((module) => module.NotificationsPage));
const AppointmentPage = lazyPage(() => import('./routes/appointment-page').then((module) => module.AppointmentPage));
const VoterMessagesPage = lazyPage(() => import('./routes/voter-messages-page').then((module) => module.VoterMessagesPage));
const ServicePage = lazyPage(() => import('./routes/service-page').then((module) => module.ServicePage));
const VillagePage = lazyPage(() => import('./routes/village-page').then((module) => module.VillagePage));
const SurveysPage = lazyPage(() => import('./routes/surveys-page').then((module) => module.SurveysPage));
const SurveyPage = lazyPage(() => import('./routes/survey-page').then((module) => module.SurveyPage));
const SettingsPage = lazyPage(() => import('./routes/settings-page').then((module) => module.SettingsPage));
const TasksPage = lazyPage(() => import('./routes/tasks-page').then((module) => module.TasksPage));
const UsersPage = lazyPage(() => import('./routes/users-page').then((module) => module.UsersPage));
const VoterFlagsPage = lazyPage(() => import('./routes/voter-flags-page').then((module) => module.VoterFlagsPage));
const VotersPage = lazyPageAt('/voters', (module) => module.VotersPage, prefetchVoterList);
const PollChasePage = lazyPage(() => import('./routes/poll-chase-page').then((module) => module.PollChasePage));
const PollMarkPage = lazyPage(() => import('./routes/poll-mark-page').then((module) => module.PollMarkPage));
// Chart.js again: the poll-day dashboard.
const PollTurnoutPage = lazyPage(() => import('./routes/poll-turnout-page').then((module) => module.PollTurnoutPage));

function adminOnly(element: React.ReactNode) {
  return <RequireAuth roles={ADMIN_ROLES}>{element}</RequireAuth>;
}

// "/" is each role's home: the dashboard, or where the office chose for field workers (voter
// entry, or a Supervisor's booths and a Karyakarta's voters).
function Home() {
  const home = useHomePath();
  return home ? <Navigate to={home} replace /> : <FullPageSpinner />;
}

// The route table of spec section 2. Every route but /login sits behind the guard
// and inside the app shell. Matched by the declarative router (app.tsx: BrowserRouter +
// useRoutes): the app uses no loaders or actions, and the data router costs a phone about
// 15 KB more to download (issue 21).
const ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <PasswordChangeGate>
          <CopyLockGate>
            <AppShell bell={<><OfflineStatus /><HeaderNotificationBell /></>} account={<ChangePasswordButton />} />
          </CopyLockGate>
        </PasswordChangeGate>
      </RequireAuth>
    ),
    children: [
      { path: '/', element: <Home /> },
      { path: '/dashboard', element: adminOnly(<DashboardPage />) },
      { path: '/users', element: adminOnly(<UsersPage />) },
      { path: '/voters', element: <VotersPage /> },
      // Issue 20: booths (office roles and Supervisors list them; anyone opens one of their own
      // booths) and a Karyakarta's home.
      { path: '/booths', element: <RequireAuth roles={['Super Admin', 'Admin', 'Supervisor']}>{<BoothsPage />}</RequireAuth> },
      { path: '/booths/:id', element: <BoothPage /> },
      { path: '/my-voters', element: <RequireAuth roles={['Karyakarta']}>{<MyVotersPage />}</RequireAuth> },
      { path: '/households', element: <HouseholdsPage /> },
      { path: '/duplicates', element: <RequireAuth roles={DUPLICATE_REVIEWERS}><DuplicatesPage /></RequireAuth> },
      // Issue 22, poll day: every role marks who voted in its booths and chases supporters; the
      // office and Supervisors watch turnout.
      { path: '/poll/mark', element: <PollMarkPage /> },
      { path: '/poll/chase', element: <PollChasePage /> },
      {
        path: '/poll/turnout',
        element: (
          <RequireAuth roles={['Super Admin', 'Admin', 'Supervisor']}>
            <PollTurnoutPage />
          </RequireAuth>
        ),
      },
      { path: '/tasks', element: <TasksPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      // Issue 60: messages to voters, office roles.
      { path: '/voter-messages', element: adminOnly(<VoterMessagesPage />) },
      { path: '/analytics', element: adminOnly(<AnalyticsPage />) },
      { path: '/audit-logs', element: adminOnly(<AuditLogsPage />) },
      // Issue 61: the availability reports' queue, a Supervisor's for their booths.
      { path: '/voter-flags', element: <RequireAuth roles={AVAILABILITY_DECIDERS}><VoterFlagsPage /></RequireAuth> },
      { path: '/settings', element: adminOnly(<SettingsPage />) },
      { path: '/village', element: adminOnly(<VillagePage />) },
      // The office's calendars; the walk-in queue of a hearing day for every role (decision 091).
      { path: '/appointment', element: <AppointmentPage /> },
      // Issue 61, surveys: the office writes them and reads the results; a Supervisor reads the
      // results of their booths. Field workers answer from My voters and a voter's card.
      { path: '/surveys', element: <RequireAuth roles={['Super Admin', 'Admin', 'Supervisor']}>{<SurveysPage />}</RequireAuth> },
      { path: '/surveys/:id', element: <RequireAuth roles={['Super Admin', 'Admin', 'Supervisor']}>{<SurveyPage />}</RequireAuth> },
      // Issue 59: the leader's calendar and the office's grievance register (the spec's
      // placeholders until then).
      { path: '/service', element: adminOnly(<ServicePage />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

// Starts fetching the screen an address shows (a role's home for "/") and, for the voter lists,
// its data; nothing for other screens. Only for a signed-in start (main.tsx): the server checks
// the token on the data call as on any other.
// The promise settles when the screen's file is in (or failed to come: the screen's own Suspense
// then shows the spinner and the error as for any lazy screen).
export function preloadPage(pathname: string, search: string, role: Role | undefined): Promise<void> {
  const path = startPathOf(pathname, role, rememberedFieldLanding());
  const start = path ? pageStarts.get(path) : undefined;
  if (!start) return Promise.resolve();
  return start(new URLSearchParams(search)).then(
    () => undefined,
    () => undefined,
  );
}

export function AppRoutes() {
  return useRoutes(ROUTES);
}
