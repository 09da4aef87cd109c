import { useTranslation } from 'react-i18next';
import type { ServiceStatus } from '@shared/service-requests/service-request-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';

const COLORS: Record<ServiceStatus, BadgeColor> = {
  New: 'blue',
  'In Progress': 'yellow',
  'With Department': 'purple',
  Resolved: 'green',
  Closed: 'gray',
  Rejected: 'red',
};

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`service.statuses.${status}`)}</Badge>;
}

// Overdue requests stand out in the list and on the request itself.
export function OverdueBadge() {
  const { t } = useTranslation();
  return <Badge color="red">{t('service.overdue')}</Badge>;
}
