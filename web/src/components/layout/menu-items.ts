import {
  Activity,
  BarChart3,
  Bell,
  Building2,
  CalendarClock,
  Contact,
  ClipboardCheck,
  ClipboardList,
  FileSpreadsheet,
  FlagTriangleRight,
  LayoutDashboard,
  type LucideIcon,
  MapPinned,
  MessageSquareWarning,
  PhoneCall,
  Search,
  Settings,
  UserPlus,
  Users,
  Vote,
} from 'lucide-react';
import { ADMIN_ROLES, ALL_ROLES, type Role } from '@shared/auth/roles';
import type { en } from '@web/locales/en';

export interface MenuItem {
  labelKey: `menu.${keyof typeof en.menu}` | 'myVoters.menu' | 'booths.menu' | `pollDay.menu.${keyof typeof en.pollDay.menu}`;
  to: string;
  icon: LucideIcon;
  roles: readonly Role[];
}

// Spec section 2, "App shell": three items for everyone, the rest for Super Admin and Admin;
// since issue 20 also My voters (Karyakarta) and Booths (office roles and Supervisors).
export const MENU_ITEMS: readonly MenuItem[] = [
  { labelKey: 'menu.dashboard', to: '/dashboard', icon: LayoutDashboard, roles: ADMIN_ROLES },
  // Issue 20: a Karyakarta's home, then booths for the office and Supervisors (their home).
  { labelKey: 'myVoters.menu', to: '/my-voters', icon: Contact, roles: ['Karyakarta'] },
  { labelKey: 'menu.users', to: '/users', icon: Users, roles: ADMIN_ROLES },
  { labelKey: 'booths.menu', to: '/booths', icon: MapPinned, roles: ['Super Admin', 'Admin', 'Supervisor'] },
  // Issue 22, poll day.
  { labelKey: 'pollDay.menu.mark', to: '/poll/mark', icon: Vote, roles: ALL_ROLES },
  { labelKey: 'pollDay.menu.chase', to: '/poll/chase', icon: PhoneCall, roles: ALL_ROLES },
  { labelKey: 'pollDay.menu.turnout', to: '/poll/turnout', icon: Activity, roles: ['Super Admin', 'Admin', 'Supervisor'] },
  { labelKey: 'menu.voterEntry', to: '/voters?tab=entry', icon: UserPlus, roles: ALL_ROLES },
  { labelKey: 'menu.voterSearch', to: '/voters?tab=search', icon: Search, roles: ADMIN_ROLES },
  { labelKey: 'menu.voterImport', to: '/voters?tab=import', icon: FileSpreadsheet, roles: ADMIN_ROLES },
  // Issue 61: availability reports, a Supervisor's for their booths.
  { labelKey: 'menu.voterFlags', to: '/voter-flags', icon: FlagTriangleRight, roles: ['Super Admin', 'Admin', 'Supervisor'] },
  { labelKey: 'menu.tasks', to: '/tasks', icon: ClipboardList, roles: ALL_ROLES },
  { labelKey: 'menu.notifications', to: '/notifications', icon: Bell, roles: ALL_ROLES },
  { labelKey: 'menu.analytics', to: '/analytics', icon: BarChart3, roles: ADMIN_ROLES },
  { labelKey: 'menu.village', to: '/village', icon: Building2, roles: ADMIN_ROLES },
  { labelKey: 'menu.appointment', to: '/appointment', icon: CalendarClock, roles: ADMIN_ROLES },
  // Decision 091: the door of a hearing day gives out tokens from a field worker's phone too.
  { labelKey: 'menu.walkInQueue', to: '/appointment?view=queue', icon: CalendarClock, roles: ['Supervisor', 'Karyakarta'] },
  { labelKey: 'menu.service', to: '/service', icon: MessageSquareWarning, roles: ADMIN_ROLES },
  // Issue 61: surveys, the office's and a Supervisor's (the results of their booths).
  { labelKey: 'menu.surveys', to: '/surveys', icon: ClipboardCheck, roles: ['Super Admin', 'Admin', 'Supervisor'] },
  { labelKey: 'menu.settings', to: '/settings', icon: Settings, roles: ADMIN_ROLES },
];

export function menuItemsFor(role: Role): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.roles.includes(role));
}

// The active item matches by path and by query (the voter tabs share one path;
// a missing tab means the default, entry).
export function isMenuItemActive(item: MenuItem, pathname: string, search: string): boolean {
  const [itemPath, itemQuery] = item.to.split('?');
  // A record's own page (/booths/7) keeps its list's item lit.
  const under = itemPath !== undefined && pathname.startsWith(`${itemPath}/`);
  if (itemPath !== pathname && !under && !(itemPath === '/dashboard' && pathname === '/')) return false;
  if (!itemQuery) return true;
  const wanted = new URLSearchParams(itemQuery);
  const current = new URLSearchParams(search);
  for (const [key, value] of wanted) {
    const actual = current.get(key) ?? (key === 'tab' ? 'entry' : null);
    if (actual !== value) return false;
  }
  return true;
}
