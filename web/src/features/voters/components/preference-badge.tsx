import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@web/components/ui/badge';

// Spec section 2: a coloured badge per party, "Neutral" when none is recorded.
const PARTY_COLORS: Record<string, BadgeColor> = {
  BJP: 'orange',
  Congress: 'blue',
  'NCP (Ajit Pawar)': 'teal',
  'NCP (Sharad Pawar)': 'green',
  'Shiv Sena (Shinde)': 'yellow',
  'Shiv Sena (UBT)': 'red',
  BSP: 'indigo',
  SP: 'purple',
  Prahar: 'teal',
  Samanak: 'purple',
  Vanchit: 'yellow',
};

export function PreferenceBadge({ preference }: { preference: string | null }) {
  const { t } = useTranslation();
  if (!preference) return <Badge color="gray">{t('voters.neutral')}</Badge>;
  return <Badge color={PARTY_COLORS[preference] ?? 'gray'}>{preference}</Badge>;
}
