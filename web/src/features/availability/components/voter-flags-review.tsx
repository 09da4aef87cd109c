import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type FlaggedVoter, type ReviewedFlag, VOTER_FLAG_KINDS, VOTER_FLAG_STATUSES, type VoterFlagKind } from '@shared/availability/availability-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { errorMessage } from '@web/lib/api-client';
import { useDateFormat } from '@web/lib/use-date-format';
import { useDecideFlag, type VoterFlagParams, useVoterFlags } from '../api/voter-flags';
import { useAvailabilityTranslation } from '../availability-texts-loader';

const KIND_COLOR: Record<VoterFlagKind, BadgeColor> = { deceased: 'red', moved_away: 'orange', out_of_town: 'yellow', not_found: 'purple', double_entry: 'indigo' };

interface VoterFlagsReviewProps {
  params: VoterFlagParams;
  // The booths the user may filter by (a Supervisor's own; every booth for the office).
  booths: readonly string[];
  onChange: (params: VoterFlagParams) => void;
}

// The office's queue of availability reports (issue 61; a Supervisor's booths only): each report
// with its voter, the worker's reason and, for a double entry, the other entry. Confirming sets
// the voter's roll state (after a second look); dismissing leaves the voter as they are.
export function VoterFlagsReview({ params, booths, onChange }: VoterFlagsReviewProps) {
  const { t } = useAvailabilityTranslation();
  const ids = { kind: useId(), booth: useId() };
  const flags = useVoterFlags(params);
  const decide = useDecideFlag();
  const [confirming, setConfirming] = useState<ReviewedFlag | null>(null);

  const dismiss = async (flag: ReviewedFlag) => {
    try {
      await decide.mutateAsync({ flagId: flag.id, decision: 'dismiss', version: flag.version, voterVersion: flag.voter.version });
      toast.success(t('queue.dismissed'), { id: 'availability-decision' });
    } catch (error) {
      toast.error(errorMessage(error, t('queue.decideFailed')));
    }
  };

  const totalPages = flags.data?.totalPages ?? 0;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-600">{t('queue.hint')}</p>
      <div role="tablist" aria-label={t('queue.statusLabel')} className="mb-3 flex gap-2">
        {VOTER_FLAG_STATUSES.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={params.status === option}
            onClick={() => onChange({ ...params, status: option, page: 1 })}
            className={`min-h-11 flex-1 rounded-lg px-3 text-sm font-medium sm:flex-none ${params.status === option ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700'}`}
          >
            {t(`queue.statuses.${option}`)}
          </button>
        ))}
      </div>
      <div className="mb-4 grid grid-cols-2 gap-2 sm:flex sm:max-w-xl">
        <div className="min-w-0 sm:flex-1">
          <label htmlFor={ids.kind} className="mb-1 block text-sm font-medium text-slate-700">
            {t('queue.kindFilter')}
          </label>
          <select id={ids.kind} className={`${inputClassName} min-h-11`} value={params.kind ?? ''} onChange={(event) => onChange({ ...params, kind: (event.target.value || undefined) as VoterFlagKind | undefined, page: 1 })}>
            <option value="">{t('queue.allKinds')}</option>
            {VOTER_FLAG_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`report.kinds.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 sm:flex-1">
          <label htmlFor={ids.booth} className="mb-1 block text-sm font-medium text-slate-700">
            {t('queue.boothFilter')}
          </label>
          <select id={ids.booth} className={`${inputClassName} min-h-11`} value={params.booth ?? ''} onChange={(event) => onChange({ ...params, booth: event.target.value || undefined, page: 1 })}>
            <option value="">{t('queue.allBooths')}</option>
            {booths.map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
        </div>
      </div>

      {flags.isPending && (
        <div className="flex justify-center py-10 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
        </div>
      )}
      {flags.isError && !flags.data && <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{errorMessage(flags.error, t('queue.loadFailed'))}</p>}
      {flags.data && flags.data.flags.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t('queue.empty')}</p>}
      {flags.data && flags.data.total > 0 && (
        <p className="mb-2 text-sm font-medium text-slate-700" data-testid="voter-flags-count">
          {t('queue.count', { count: flags.data.total })}
        </p>
      )}

      <ul className="space-y-3">
        {flags.data?.flags.map((flag) => (
          <FlagCard key={flag.id} flag={flag} busy={decide.isPending} onConfirm={() => setConfirming(flag)} onDismiss={() => void dismiss(flag)} />
        ))}
      </ul>

      {flags.data && totalPages > 1 && (
        <nav className="mt-4 flex items-center justify-between gap-3" aria-label={t('queue.title')}>
          <Button variant="secondary" className="min-h-11" disabled={params.page <= 1} onClick={() => onChange({ ...params, page: params.page - 1 })}>
            {t('queue.previous')}
          </Button>
          <p className="text-sm text-slate-600">{t('queue.pageOf', { page: params.page, total: totalPages })}</p>
          <Button variant="secondary" className="min-h-11" disabled={params.page >= totalPages} onClick={() => onChange({ ...params, page: params.page + 1 })}>
            {t('queue.next')}
          </Button>
        </nav>
      )}

      {confirming && <ConfirmFlagDialog flag={confirming} onDone={() => setConfirming(null)} />}
    </div>
  );
}

function VoterLine({ voter }: { voter: FlaggedVoter }) {
  const { t } = useAvailabilityTranslation();
  const parts = [voter.voter_id, voter.booth ?? '—', voter.part_serial === null ? null : t('queue.serial', { serial: voter.part_serial }), voter.house_no ? t('queue.house', { house: voter.house_no }) : null];
  return <div className="text-xs text-slate-500">{parts.filter((part) => part !== null).join(' · ')}</div>;
}

function FlagCard({ flag, busy, onConfirm, onDismiss }: { flag: ReviewedFlag; busy: boolean; onConfirm: () => void; onDismiss: () => void }) {
  const { t } = useAvailabilityTranslation();
  const { t: common } = useTranslation();
  const dates = useDateFormat();
  const other = flag.other_voter;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="voter-flag">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{flag.voter.full_name}</span>
            <Badge color={KIND_COLOR[flag.kind]}>{t(`report.kinds.${flag.kind}`)}</Badge>
            {/* What the roll already says of the voter. */}
            {flag.voter.is_dead && <Badge color="red">{common('contacts.status.deceased')}</Badge>}
            {!flag.voter.present_in_city && <Badge color="orange">{common('contacts.status.shifted')}</Badge>}
            {flag.voter.is_missing && <Badge color="yellow">{common('contacts.status.missing')}</Badge>}
          </div>
          <VoterLine voter={flag.voter} />
          {flag.reason && <p className="mt-1 text-sm text-slate-800">{t('queue.reason', { reason: flag.reason })}</p>}
          {flag.note && <p className="mt-1 text-sm text-slate-700">{t('queue.contactNote', { note: flag.note })}</p>}
          {flag.kind === 'double_entry' && (
            <p className="mt-1 text-sm text-slate-700" data-testid="other-entry">
              {other === null
                ? t('queue.noOther')
                : other.listed
                  ? t('queue.other', { name: other.full_name, voterId: other.voter_id, booth: other.booth ?? '—' })
                  : t('queue.otherGone')}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-600">{t('queue.raised', { name: flag.raised_by_name ?? '—', date: dates.dateTime(flag.raised_at) })}</p>
          {flag.resolved_at && (
            <p className="mt-1 text-sm text-slate-600">{t('queue.decided', { status: t(`queue.statuses.${flag.status}`), name: flag.resolved_by_name ?? '—', date: dates.dateTime(flag.resolved_at) })}</p>
          )}
          {flag.resolution_note && <p className="mt-1 text-sm text-slate-700">{t('queue.decisionNote', { note: flag.resolution_note })}</p>}
        </div>
        {flag.status === 'pending' && (
          <div className="flex w-full gap-2 sm:w-auto">
            <Button variant="secondary" className="min-h-11 flex-1 sm:flex-none" disabled={busy} onClick={onDismiss} aria-label={`${t('queue.dismiss')}: ${flag.voter.full_name}`}>
              {t('queue.dismiss')}
            </Button>
            <Button variant="danger" className="min-h-11 flex-1 sm:flex-none" disabled={busy} onClick={onConfirm} aria-label={`${t('queue.confirm')}: ${flag.voter.full_name}`}>
              {t('queue.confirm')}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

// The second look: what confirming does to the voter, a note, and for a double entry without
// its other entry (or one gone since) the entry to keep.
function ConfirmFlagDialog({ flag, onDone }: { flag: ReviewedFlag; onDone: () => void }) {
  const { t } = useAvailabilityTranslation();
  const { t: common } = useTranslation();
  const ids = { note: useId() };
  const decide = useDecideFlag();
  const [note, setNote] = useState('');
  const [kept, setKept] = useState<Voter | null>(null);
  const named = flag.other_voter && flag.other_voter.listed ? flag.other_voter : null;
  const needsOther = flag.kind === 'double_entry' && named === null;
  const otherName = named ? `${named.full_name} (${named.voter_id})` : kept ? `${kept.full_name} (${kept.voter_id})` : '…';

  const confirm = async () => {
    try {
      await decide.mutateAsync({ flagId: flag.id, decision: 'confirm', version: flag.version, voterVersion: flag.voter.version, note: note.trim() || undefined, ...(needsOther && kept ? { otherVoterId: kept.id } : {}) });
      toast.success(t('queue.confirmed'), { id: 'availability-decision' });
    } catch (error) {
      toast.error(errorMessage(error, t('queue.decideFailed')));
    } finally {
      onDone();
    }
  };

  return (
    <Modal
      open
      title={t('queue.confirmTitle')}
      size="sm"
      onClose={onDone}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="min-h-11" onClick={onDone}>
            {common('common.cancel')}
          </Button>
          <Button variant="danger" className="min-h-11" busy={decide.isPending} disabled={needsOther && kept === null} onClick={() => void confirm()}>
            {t('queue.confirm')}
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t(`queue.confirmText.${flag.kind}`, { name: flag.voter.full_name, voterId: flag.voter.voter_id, other: otherName })}</p>
        {needsOther && (
          <VoterPicker
            voter={kept}
            onChoose={(chosen) => setKept(chosen && chosen.id !== flag.voter.id ? chosen : null)}
            texts={{ legend: t('queue.chooseOther'), search: t('report.otherSearch'), searching: t('report.searching'), noneFound: t('report.noneFound'), choose: t('report.choose'), clear: t('report.clear') }}
          />
        )}
        <div>
          <label htmlFor={ids.note} className="mb-1 block text-sm font-medium text-slate-700">
            {t('queue.note')}
          </label>
          <input id={ids.note} type="text" className={`${inputClassName} min-h-11`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </div>
      </div>
    </Modal>
  );
}
