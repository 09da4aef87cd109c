import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DuplicatePair, DuplicateVoter } from '@shared/duplicates/duplicate-schema';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useRowListNames } from '@web/lib/row-list-names';

// One pair of roll entries that look like one person, side by side (stacked on a phone), with
// the review's choices: either entry is the duplicate, or they are two people; a reviewed pair
// can be undone.
interface DuplicatePairCardProps {
  pair: DuplicatePair;
  busy: boolean;
  onMark: (voter: DuplicateVoter) => void;
  onDismiss: () => void;
  onReopen: () => void;
}

function Entry({ voter, number, pair, busy, onMark }: { voter: DuplicateVoter; number: number; pair: DuplicatePair; busy: boolean; onMark: (voter: DuplicateVoter) => void }) {
  const { t } = useTranslation();
  const names = useRowListNames();
  const rows: [string, string | null][] = [
    [t('voters.fields.voter_id'), voter.voter_id],
    [t('duplicates.relative'), voter.father_husband_name],
    [t('voters.fields.age'), voter.age === null ? null : String(voter.age)],
    [t('voters.fields.gender'), names.name('genders', voter.gender)],
    [t('voters.fields.booth'), voter.booth],
    [t('voters.fields.voter_no'), voter.voter_no],
    [t('voters.fields.house_no'), voter.house_no],
    [t('voters.fields.village'), voter.village],
  ];
  const isDuplicate = pair.status === 'duplicate' && pair.duplicate_voter_id === voter.id;
  const isKept = pair.status === 'duplicate' && pair.duplicate_voter_id !== voter.id;
  return (
    <section className="flex-1 rounded-lg border border-slate-200 p-3" data-testid="duplicate-entry">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-500">{t('duplicates.entry', { number })}</p>
          <p className="font-semibold text-slate-900">{voter.full_name}</p>
        </div>
        {isDuplicate && <Badge color="red">{t('duplicates.duplicateBadge')}</Badge>}
        {isKept && <Badge color="green">{t('duplicates.keptBadge')}</Badge>}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-800">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {pair.status === 'open' && (
        <Button variant="secondary" className="mt-3 w-full" disabled={busy} aria-label={t('duplicates.markLabel', { name: voter.full_name, voterId: voter.voter_id })} onClick={() => onMark(voter)}>
          {t('duplicates.markDuplicate')}
        </Button>
      )}
    </section>
  );
}

export function DuplicatePairCard({ pair, busy, onMark, onDismiss, onReopen }: DuplicatePairCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="duplicate-pair">
      <h2 id={titleId} className="sr-only">
        {t('duplicates.pair')}
      </h2>
      <div className="flex flex-col gap-3 md:flex-row">
        {pair.voters.map((voter, index) => (
          <Entry key={voter.id} voter={voter} number={index + 1} pair={pair} busy={busy} onMark={onMark} />
        ))}
      </div>
      <footer className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-500">{pair.reviewed_by_name ? t('duplicates.reviewedBy', { name: pair.reviewed_by_name }) : ''}</span>
        {pair.status === 'open' ? (
          <Button variant="ghost" disabled={busy} onClick={onDismiss}>
            {t('duplicates.dismiss')}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy} onClick={onReopen}>
            {t('duplicates.reopen')}
          </Button>
        )}
      </footer>
    </article>
  );
}
