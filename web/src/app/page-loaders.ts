import { homePathFor, type Role } from '@shared/auth/roles';
import type { FieldLanding } from '@shared/settings/public-settings';

// The screens a start may open, with the loader of each one's file: app/start-early.ts asks for
// the one an address opens before the app's code has run, and the router's lazy pages load
// through the same functions (issue 21, decisions 037 and 044).
export const START_PAGES = {
  '/booths': () => import('./routes/booths-page'),
  '/booths/:id': () => import('./routes/booth-page'),
  '/dashboard': () => import('./routes/dashboard-page'),
  '/my-voters': () => import('./routes/my-voters-page'),
  '/voters': () => import('./routes/voters-page'),
};
export type StartPath = keyof typeof START_PAGES;

// The start screen an address opens ("/" is the role's home), if it is one.
export function startPathOf(pathname: string, role: Role | undefined, fieldLanding?: FieldLanding): StartPath | null {
  const home = role ? homePathFor(role, fieldLanding).replace(/\?.*$/u, '') : null;
  const path = pathname === '/' && home ? home : /^\/booths\/[^/]+$/.test(pathname) ? '/booths/:id' : pathname.replace(/\/+$/, '');
  return Object.hasOwn(START_PAGES, path) ? (path as StartPath) : null;
}
