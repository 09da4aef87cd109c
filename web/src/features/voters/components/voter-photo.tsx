import { useTranslation } from 'react-i18next';
import type { Voter } from '@shared/voters/voter-schema';
import { nameInitials } from '@web/lib/name-initials';
import { useVoterPhotoUrl } from '../api/get-voter-photo';

// The table's photo cell: the thumbnail when there is one, else the name's initials.
export function VoterPhoto({ voter, className = 'h-10 w-10' }: { voter: Pick<Voter, 'id' | 'full_name' | 'voter_image'>; className?: string }) {
  const { t } = useTranslation();
  const url = useVoterPhotoUrl(voter.id, 'thumb', voter.voter_image);
  if (url) return <img src={url} alt={t('voters.photoOf', { name: voter.full_name })} className={`${className} shrink-0 rounded-full object-cover`} />;
  return (
    <span aria-label={voter.voter_image ? undefined : t('voters.noPhoto')} role="img" className={`${className} flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-600`}>
      {nameInitials(voter.full_name)}
    </span>
  );
}
