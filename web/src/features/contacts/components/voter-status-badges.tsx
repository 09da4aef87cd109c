import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';

interface VoterStatus {
  is_dead: boolean;
  present_in_city: boolean;
  is_missing: boolean;
}

// मयत, स्थलांतरित, बेपत्ता: the voter's state on the roll, only when there is one to show.
export function VoterStatusBadges({ voter }: { voter: VoterStatus }) {
  const { t } = useTranslation();
  if (!voter.is_dead && voter.present_in_city && !voter.is_missing) return null;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="voter-status">
      {voter.is_dead && <Badge color="red">{t('contacts.status.deceased')}</Badge>}
      {!voter.present_in_city && <Badge color="orange">{t('contacts.status.shifted')}</Badge>}
      {voter.is_missing && <Badge color="yellow">{t('contacts.status.missing')}</Badge>}
    </span>
  );
}
