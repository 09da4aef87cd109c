import { ChevronLeft, ChevronRight, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoothDetail, RollVoter } from '@shared/booths/booth-schema';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { Table } from '@web/components/ui/table';
import { telHref } from '@web/lib/contact-links';
import { errorMessage } from '@web/lib/api-client';
import { useReferenceNames } from '@web/lib/reference-names';
import { type RollQuery, useBoothVoters } from '../api/get-booth-roll';

export function VoterMobile({ voter }: { voter: RollVoter }) {
  const href = telHref(voter.mobile_number);
  if (!href) return <span className="text-slate-400">—</span>;
  return (
    <a href={href} className="inline-flex items-center gap-1 text-blue-800 hover:underline">
      <Phone aria-hidden="true" className="h-3.5 w-3.5" />
      {voter.mobile_number}
    </a>
  );
}

// A short list of voters in roll order: a table on a wide screen (rows `testId`), lines on a
// phone (`testId`-card).
export function RollVoterList({ voters, testId = 'roll-voter' }: { voters: readonly RollVoter[]; testId?: string }) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const details = (voter: RollVoter) => [voter.age, voter.gender === null ? null : names.name('genders', voter.gender)].filter((value) => value !== null).join(' · ') || '—';
  return (
    <>
      <Table
        className="hidden md:block"
        variant="plain"
        rows={voters}
        rowKey={(voter) => voter.id}
        rowTestId={testId}
        columns={[
          { key: 'serial', header: t('booths.roll.columns.serial'), className: 'tabular-nums text-slate-600', cell: (voter) => voter.part_serial ?? '—' },
          {
            key: 'name',
            header: t('booths.roll.columns.name'),
            cell: (voter) => (
              <>
                <div className="font-medium text-slate-900">{voter.full_name}</div>
                <div className="font-mono text-xs text-slate-500">{voter.voter_id}</div>
              </>
            ),
          },
          { key: 'details', header: t('booths.roll.columns.details'), className: 'text-slate-700', cell: details },
          { key: 'relative', header: t('booths.roll.columns.relative'), className: 'text-slate-700', cell: (voter) => voter.father_husband_name ?? '—' },
          { key: 'house', header: t('booths.roll.columns.house'), className: 'text-slate-700', cell: (voter) => voter.house_no ?? '—' },
          { key: 'mobile', header: t('booths.roll.columns.mobile'), cell: (voter) => <VoterMobile voter={voter} /> },
        ]}
      />
      <ul className="divide-y divide-slate-100 md:hidden">
        {voters.map((voter) => (
          <li key={voter.id} className="flex items-start gap-3 py-2" data-testid={`${testId}-card`}>
            <span className="w-10 shrink-0 pt-0.5 text-right text-sm tabular-nums text-slate-500">{voter.part_serial ?? '—'}</span>
            <div className="min-w-0 flex-1">
              <div className="font-medium text-slate-900">{voter.full_name}</div>
              <div className="text-xs text-slate-500">
                {details(voter)}
                {voter.house_no ? ` · ${t('booths.households.house', { number: voter.house_no })}` : ''}
              </div>
            </div>
            <VoterMobile voter={voter} />
          </li>
        ))}
      </ul>
    </>
  );
}

// The booth's voters in roll order, a roll page at a time (issue 20), with who holds the page;
// the voters without a serial number last, a page of them at a time.
export function BoothRoll({ detail }: { detail: BoothDetail }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [query, setQuery] = useState<RollQuery>(detail.pages > 0 || detail.unnumbered === 0 ? { kind: 'page', page: 1 } : { kind: 'unnumbered', page: 1 });
  const roll = useBoothVoters(detail.booth.id, query);
  const unnumberedPages = Math.ceil(detail.unnumbered / detail.page_size);
  const lastPage = query.kind === 'page' ? detail.pages : unnumberedPages;
  const page = query.kind === 'house' ? 1 : query.page;
  const choice = query.kind === 'unnumbered' ? `u${query.page}` : String(page);
  const go = (next: number) => setQuery(query.kind === 'unnumbered' ? { kind: 'unnumbered', page: next } : { kind: 'page', page: next });

  if (detail.pages === 0 && detail.unnumbered === 0) return <p className="text-sm text-slate-500">{t('booths.households.empty')}</p>;
  return (
    <div>
      {detail.pages === 0 && <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('booths.roll.noSerials')}</p>}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="min-h-11 min-w-11 px-3" aria-label={t('booths.roll.previous')} disabled={page <= 1} onClick={() => go(page - 1)}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </Button>
        <label htmlFor={selectId} className="sr-only">
          {t('booths.roll.pageLabel')}
        </label>
        <select
          id={selectId}
          className={`${inputClassName.replace('w-full', 'w-auto')} min-w-40`}
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value.startsWith('u') ? { kind: 'unnumbered', page: Number(value.slice(1)) } : { kind: 'page', page: Number(value) });
          }}
        >
          {Array.from({ length: detail.pages }, (_, index) => (
            <option key={index + 1} value={String(index + 1)}>
              {t('booths.roll.pageOption', { page: index + 1 })}
            </option>
          ))}
          {Array.from({ length: unnumberedPages }, (_, index) => (
            <option key={`u${index + 1}`} value={`u${index + 1}`}>
              {unnumberedPages > 1 ? `${t('booths.roll.unnumberedOption', { count: detail.unnumbered })} · ${index + 1}` : t('booths.roll.unnumberedOption', { count: detail.unnumbered })}
            </option>
          ))}
        </select>
        <Button variant="secondary" className="min-h-11 min-w-11 px-3" aria-label={t('booths.roll.next')} disabled={page >= lastPage} onClick={() => go(page + 1)}>
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
        {roll.isFetching && <Spinner className="h-4 w-4 text-blue-900" />}
      </div>
      {roll.data && (
        <p className="mb-2 text-sm text-slate-600" data-testid="roll-page-summary">
          {query.kind === 'unnumbered' || roll.data.from === null ? (
            t('booths.roll.unnumberedTitle')
          ) : (
            <>
              {t('booths.roll.serials', { from: roll.data.from, to: roll.data.to ?? roll.data.from })}
              {' · '}
              {roll.data.holder ? <span className="font-medium text-slate-900">{t('booths.roll.heldBy', { name: roll.data.holder.full_name })}</span> : t('booths.roll.notHeld')}
            </>
          )}
        </p>
      )}
      {roll.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(roll.error, t('booths.roll.loadFailed'))}
        </p>
      ) : roll.data && roll.data.voters.length === 0 ? (
        <p className="text-sm text-slate-500">{t('booths.roll.empty')}</p>
      ) : (
        roll.data && <RollVoterList voters={roll.data.voters} />
      )}
    </div>
  );
}
