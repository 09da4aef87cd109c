import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@web/components/ui/badge';

// Spec section 2: the cross table has badge colours for BJP, Congress and AAP, neutral otherwise.
const COLORS: Record<string, BadgeColor> = { BJP: 'orange', Congress: 'blue', AAP: 'teal' };

export function PartyBadge({ party }: { party: string | null }) {
  const { t } = useTranslation();
  return <Badge color={(party && COLORS[party]) || 'gray'}>{party ?? t('analytics.neutral')}</Badge>;
}
