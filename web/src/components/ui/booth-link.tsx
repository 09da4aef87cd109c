import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { boothNumberOf } from '@shared/reference/booths';

// A voter's booth label as a link to the booth page (issue 20); plain text for a label that is
// not a booth, a dash for none.
export function BoothLink({ booth, className = '' }: { booth: string | null; className?: string }) {
  const { t } = useTranslation();
  const number = boothNumberOf(booth);
  if (!booth) return <span className={className}>—</span>;
  if (number === undefined) return <span className={className}>{booth}</span>;
  return (
    <Link to={`/booths/${number}`} className={`text-blue-800 underline decoration-blue-300 underline-offset-2 hover:text-blue-950 ${className}`} title={t('booths.openBooth', { booth })}>
      {booth}
    </Link>
  );
}
