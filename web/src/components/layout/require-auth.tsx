import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@shared/auth/roles';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/session';

// The access guard of spec section 2: spinner while loading, /login when signed out,
// /voters?tab=entry when the role is not allowed (the voter-area reading of a denial). A user
// remembered on the phone and not yet confirmed by the server (lib/session.tsx) is let in at once
// where their role may go, and waits for the answer before being sent away.
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading, checking } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (roles && !roles.includes(user.role)) return checking ? <FullPageSpinner /> : <Navigate to="/voters?tab=entry" replace />;
  return <>{children}</>;
}
