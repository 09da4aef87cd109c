import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { DUPLICATE_REVIEWERS } from '@shared/auth/route-access';
import { AppShell } from '@web/components/layout/app-shell';
import { RequireAuth } from '@web/components/layout/require-auth';
import { HeaderNotificationBell } from '@web/features/notifications/components/header-notification-bell';
import { ChangePasswordButton } from '@web/features/users/components/change-password-button';
import { AuditLogsPage } from './routes/audit-logs-page';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { DashboardPage } from './routes/dashboard-page';
import { LoginPage } from './routes/login-page';
import { NotificationsPage } from './routes/notifications-page';
import { PlaceholderPage } from './routes/placeholder-page';
import { UsersPage } from './routes/users-page';
import { TasksPage } from './routes/tasks-page';
import { SettingsPage } from './routes/settings-page';
import { VotersPage } from './routes/voters-page';
import { DuplicatesPage } from './routes/duplicates-page';
import { HouseholdsPage } from './routes/households-page';

// Chart.js is large and only the analytics screen needs it: load that screen on demand.
const AnalyticsPage = lazy(() => import('./routes/analytics-page').then((module) => ({ default: module.AnalyticsPage })));

function adminOnly(element: React.ReactNode) {
  return <RequireAuth roles={ADMIN_ROLES}>{element}</RequireAuth>;
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
      { path: '/', element: adminOnly(<Navigate to="/dashboard" replace />) },
      { path: '/dashboard', element: adminOnly(<DashboardPage />) },
      { path: '/users', element: adminOnly(<UsersPage />) },
      { path: '/voters', element: <VotersPage /> },
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
      { path: '/settings', element: adminOnly(<SettingsPage />) },
      { path: '/village', element: adminOnly(<PlaceholderPage titleKey="placeholder.village" />) },
      { path: '/appointment', element: adminOnly(<PlaceholderPage titleKey="placeholder.appointment" />) },
      { path: '/service', element: adminOnly(<PlaceholderPage titleKey="placeholder.service" />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
