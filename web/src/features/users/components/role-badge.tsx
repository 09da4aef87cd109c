import { useTranslation } from 'react-i18next';
import type { Role } from '@shared/auth/roles';
import { Badge, type BadgeColor } from '@web/components/ui/badge';

// Spec section 6: Super Admin red, Admin purple, Supervisor blue, Karyakarta green.
export const ROLE_BADGE_COLORS: Record<Role, BadgeColor> = {
  'Super Admin': 'red',
  Admin: 'purple',
  Supervisor: 'blue',
  Karyakarta: 'green',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge color={ROLE_BADGE_COLORS[role]}>{t(`roles.${role}`)}</Badge>;
}
