import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ADMIN_ROLES, homePathFor } from '@shared/auth/roles';
import { DUPLICATE_REVIEWERS } from '@shared/auth/route-access';
import { AppShell } from '@web/components/layout/app-shell';
import { RequireAuth } from '@web/components/layout/require-auth';
import { HeaderNotificationBell } from '@web/features/notifications/components/header-notification-bell';
import { ChangePasswordButton } from '@web/features/users/components/change-password-button';
import { AuditLogsPage } from './routes/audit-logs-page';
import { BoothPage } from './routes/booth-page';
import { BoothsPage } from './routes/booths-page';
import { MyVotersPage } from './routes/my-voters-page';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { DashboardPage } from './routes/dashboard-page';
import { LoginPage } from './routes/login-page';
import { NotificationsPage } from './routes/notifications-page';
import { PlaceholderPage } from './routes/placeholder-page';
import { UsersPage } from './routes/users-page';
import { TasksPage } from './routes/tasks-page';
import { SettingsPage } from './routes/settings-page';
import { VoterFlagsPage } from './routes/voter-flags-page';
import { VotersPage } from './routes/voters-page';
import { useSession } from '@web/lib/session';
import { DuplicatesPage } from './routes/duplicates-page';
import { HouseholdsPage } from './routes/households-page';

// Chart.js is large and only the analytics screen needs it: load that screen on demand.
const AnalyticsPage = lazy(() => import('./routes/analytics-page').then((module) => ({ default: module.AnalyticsPage })));

function adminOnly(element: React.ReactNode) {
  return <RequireAuth roles={ADMIN_ROLES}>{element}</RequireAuth>;
}

// "/" is each role's home: the dashboard, a Supervisor's booths, a Karyakarta's voters.
function Home() {
  const { user } = useSession();
  return user ? <Navigate to={homePathFor(user.role)} replace /> : null;
}

// The route table of spec section 2. Every route but /login sits behind the guard
// and inside the app shell.
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppShell bell={<HeaderNotificationBell />} account={<ChangePasswordButton />} />
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
      { path: '/tasks', element: <TasksPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      {
        path: '/analytics',
        element: adminOnly(
          <Suspense fallback={<FullPageSpinner />}>
            <AnalyticsPage />
          </Suspense>,
        ),
      },
      { path: '/audit-logs', element: adminOnly(<AuditLogsPage />) },
      { path: '/voter-flags', element: adminOnly(<VoterFlagsPage />) },
      { path: '/settings', element: adminOnly(<SettingsPage />) },
      { path: '/village', element: adminOnly(<PlaceholderPage titleKey="placeholder.village" />) },
      { path: '/appointment', element: adminOnly(<PlaceholderPage titleKey="placeholder.appointment" />) },
      { path: '/service', element: adminOnly(<PlaceholderPage titleKey="placeholder.service" />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
