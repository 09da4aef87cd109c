import { useTranslation } from 'react-i18next';
import type { SupportLevel } from '@shared/contacts/contact-schema';
import { Badge } from '@web/components/ui/badge';
import { SUPPORT_COLORS } from './contact-labels';

// The voter's current support (the latest support outcome), or "not known" before there is one.
export function SupportBadge({ level }: { level: SupportLevel | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="support-level" className="inline-flex">
      {level ? (
        <Badge color={SUPPORT_COLORS[level]}>{t('contacts.supportOf', { level: t(`contacts.outcomes.${level}`) })}</Badge>
      ) : (
        <span className="text-xs text-slate-500">{t('contacts.supportUnknown')}</span>
      )}
    </span>
  );
}
