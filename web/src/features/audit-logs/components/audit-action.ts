import type { BadgeColor } from '@web/components/ui/badge';

// Spec section 2: blue for login and logout, green create, yellow update, red delete, grey the rest.
export function actionColor(action: string): BadgeColor {
  if (action === 'LOGIN' || action === 'LOGOUT') return 'blue';
  if (action.startsWith('CREATE')) return 'green';
  if (action.startsWith('UPDATE')) return 'yellow';
  if (action.startsWith('DELETE')) return 'red';
  return 'gray';
}
