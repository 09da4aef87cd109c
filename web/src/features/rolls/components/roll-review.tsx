import { AlertTriangle, ArrowLeft, CheckCircle2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BOOTHS } from '@shared/reference/booths';
import {
  ROLL_REVIEW_FILTERS,
  type RollCorrection,
  type RollImport,
  type RollReviewFilter,
  type RollReviewRow,
  rollCorrectionSchema,
} from '@shared/rolls/roll-import-schema';
import { ROLL_GENDERS, ROLL_RELATIONS, type RollBoxField } from '@shared/rolls/roll-types';
import type { VoterField } from '@shared/voters/voter-fields';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { useDateFormat } from '@web/lib/use-date-format';
import { useAbsentVoters, useChooseRollBooth, useCommitRollImport, useCorrectRow, useCropUrl, useReviewRows, useRollImport } from '../api/roll-imports';
import { STATE_COLORS, timeLeftText } from './roll-import-panel';

// The review of one roll import (issue 19, /voters?tab=import&roll=ID): the cover's facts and
// totals, the boxes read with a confidence per field, the image of each box to check beside its
// text, corrections saved with Enter (which moves on to the next box to check), the revision's
// choices, and the commit.

const STATUS_COLORS: Record<RollReviewRow['status'], BadgeColor> = { new: 'green', changed: 'orange', unchanged: 'gray', deleted: 'red', invalid: 'red' };
const inputClass = (flagged: boolean) =>
  `w-full min-h-11 rounded-lg border px-3 py-2 text-base sm:text-sm ${flagged ? 'border-amber-500 bg-amber-50' : 'border-slate-300'} focus:border-blue-900 focus:outline-none focus:ring-1 focus:ring-blue-900`;

type TextField = 'epic' | 'fullName' | 'relativeName' | 'houseNo';
const TEXT_FIELDS: readonly TextField[] = ['epic', 'fullName', 'relativeName', 'houseNo'];

function Crop({ importId, n }: { importId: number; n: number }) {
  const { t } = useTranslation();
  const { url, failed } = useCropUrl(importId, n, true);
  if (failed) return <p className="text-xs text-slate-500">{t('rolls.cropMissing')}</p>;
  if (!url) return <Spinner className="h-5 w-5" />;
  return <img src={url} alt={t('rolls.crop')} className="max-h-48 w-full rounded border border-slate-300 bg-white object-contain" />;
}

function focusNext(rows: readonly RollReviewRow[], after: number) {
  const next = rows.find((row) => row.n > after && row.flagged);
  if (!next) return;
  const field = next.flaggedFields[0] ?? 'fullName';
  const element = document.querySelector<HTMLElement>(`[data-roll-field="${next.n}-${field}"]`) ?? document.querySelector<HTMLElement>(`[data-roll-field^="${next.n}-"]`);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
}

// Only what a person changed is sent: the rest stays as read.
function correctionOf(form: FormData, row: RollReviewRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const typed = String(form.get(field) ?? '').trim();
    if (typed !== (row.values[field] ?? '')) values[field] = typed;
  }
  for (const field of ['serialNo', 'age'] as const) {
    const typed = String(form.get(field) ?? '').trim();
    if (typed !== String(row.values[field] ?? '')) values[field] = typed === '' ? null : typed;
  }
  for (const field of ['relation', 'gender'] as const) {
    const typed = String(form.get(field) ?? '');
    if (typed !== (row.values[field] ?? '')) values[field] = typed === '' ? null : typed;
  }
  return values;
}

function ReviewRowCard({ importId, row, rows }: { importId: number; row: RollReviewRow; rows: readonly RollReviewRow[] }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const correct = useCorrectRow(importId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flagged = new Set<string>(row.flaggedFields);
  const showCrop = row.flaggedFields.length > 0 || row.status === 'invalid';

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = correctionOf(new FormData(event.currentTarget), row);
    const parsed = rollCorrectionSchema.safeParse({ values, reviewed: true });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path.at(-1)), issue.message])));
      return;
    }
    setErrors({});
    try {
      await correct.mutateAsync({ n: row.n, body: parsed.data });
      toast.success(t('rolls.saved'));
      focusNext(rows, row.n);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.split('.').at(-1)!, message])));
      toast.error(errorMessage(error, t('rolls.saveFailed')));
    }
  };

  const [applyChoice, setApplyChoice] = useState<boolean | null>(null);
  const setApply = async (apply: boolean) => {
    setApplyChoice(apply);
    try {
      await correct.mutateAsync({ n: row.n, body: { apply } satisfies RollCorrection });
    } catch (error) {
      toast.error(errorMessage(error, t('rolls.saveFailed')));
    } finally {
      setApplyChoice(null);
    }
  };

  const current = correct.data && correct.data.n === row.n ? correct.data : row;
  // The tick shows at once, while it is being saved.
  const applyShown = applyChoice ?? current.apply;
  const label = (field: RollBoxField) => {
    const confidence = Math.round((row.confidence[field] ?? 0) * 100);
    return flagged.has(field) ? `${t(`rolls.fields.${field}`)} · ${t('rolls.confidence', { percent: confidence })}` : t(`rolls.fields.${field}`);
  };
  const attrs = (field: RollBoxField) => ({ name: field, 'data-roll-field': `${row.n}-${field}`, className: inputClass(flagged.has(field)) });

  return (
    <li className={`rounded-lg border p-3 sm:p-4 ${row.flagged ? 'border-amber-300' : 'border-slate-200'} bg-white`}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{t('rolls.serial', { serial: row.values.serialNo ?? '?' })}</span>
        <Badge color={STATUS_COLORS[current.status]}>{t(`rolls.status.${current.status}`)}</Badge>
        {row.flagged && <Badge color="yellow">{t('rolls.toCheck')}</Badge>}
        {row.duplicateMark && <Badge color="purple">{t('rolls.duplicateMark')}</Badge>}
        {current.editedSince && <Badge color="red">{t('rolls.editedBadge')}</Badge>}
        {current.deletedVoter && <Badge color="red">{t('rolls.deletedOnPurpose')}</Badge>}
        <span className="text-xs text-slate-500">{t('rolls.rollPage', { page: row.page })}</span>
      </div>
      {current.editedSince && (
        <p className="mb-2 flex items-start gap-1 text-sm text-red-700">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('rolls.editedSince')}
        </p>
      )}
      {current.deletedVoter && <p className="mb-2 text-sm text-red-700">{t('rolls.deletedOnPurposeHint', { date: dates.dateTime(current.deletedVoter.deleted_at) })}</p>}
      {row.problems.length > 0 && (
        <p className="mb-2 flex items-start gap-1 text-sm text-red-700">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {row.problems.map((problem) => t(`rolls.problems.${problem}`, { defaultValue: problem })).join(' · ')}
        </p>
      )}
      {current.changes.length > 0 && (
        <ul className="mb-2 text-sm text-orange-800">
          {current.changes.map((change) => (
            <li key={change.field}>{t('rolls.changeOf', { field: t(`voters.fields.${change.field as VoterField}`), from: change.from ?? '—', to: change.to ?? '—' })}</li>
          ))}
        </ul>
      )}
      <div className={showCrop ? 'grid gap-3 lg:grid-cols-[minmax(0,18rem)_1fr]' : ''}>
        {showCrop && <Crop importId={importId} n={row.n} />}
        <form onSubmit={save} aria-label={t('rolls.rowForm', { serial: row.values.serialNo ?? '?' })} className="grid grid-cols-2 gap-3 lg:grid-cols-4" noValidate>
          <FormField label={label('serialNo')} error={errors.serialNo}>
            <input type="number" inputMode="numeric" defaultValue={row.values.serialNo ?? ''} {...attrs('serialNo')} />
          </FormField>
          <FormField label={label('epic')} error={errors.epic}>
            <input type="text" autoCapitalize="characters" defaultValue={row.values.epic ?? ''} {...attrs('epic')} />
          </FormField>
          <FormField label={label('fullName')} error={errors.fullName} className="col-span-2">
            <input type="text" defaultValue={row.values.fullName ?? ''} {...attrs('fullName')} />
          </FormField>
          <FormField label={label('relation')} error={errors.relation}>
            <select defaultValue={row.values.relation ?? ''} {...attrs('relation')}>
              <option value="">—</option>
              {ROLL_RELATIONS.map((relation) => (
                <option key={relation} value={relation}>
                  {t(`rolls.relations.${relation}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={label('relativeName')} error={errors.relativeName} className="col-span-2 lg:col-span-1">
            <input type="text" defaultValue={row.values.relativeName ?? ''} {...attrs('relativeName')} />
          </FormField>
          <FormField label={label('houseNo')} error={errors.houseNo}>
            <input type="text" defaultValue={row.values.houseNo ?? ''} {...attrs('houseNo')} />
          </FormField>
          <FormField label={label('age')} error={errors.age}>
            <input type="number" inputMode="numeric" defaultValue={row.values.age ?? ''} {...attrs('age')} />
          </FormField>
          <FormField label={label('gender')} error={errors.gender}>
            <select defaultValue={row.values.gender ?? ''} {...attrs('gender')}>
              <option value="">—</option>
              {ROLL_GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`rolls.genders.${gender}`)}
                </option>
              ))}
            </select>
          </FormField>
          <div className="col-span-2 flex flex-wrap items-center gap-3 lg:col-span-4">
            <Button type="submit" busy={correct.isPending} className="min-h-11">
              <Save aria-hidden="true" className="h-4 w-4" />
              {t('rolls.save')}
            </Button>
            {(current.status === 'changed' || current.status === 'deleted' || current.status === 'new') && (
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="h-5 w-5" checked={applyShown} onChange={(event) => void setApply(event.target.checked)} />
                {current.status === 'deleted' ? t('rolls.applyDeleted') : t('rolls.apply')}
              </label>
            )}
          </div>
        </form>
      </div>
    </li>
  );
}

function CoverFacts({ item }: { item: RollImport }) {
  const { t } = useTranslation();
  const cover = item.cover;
  const summary = item.summary;
  const totals = cover?.totals;
  const cell = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(value));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">{t('rolls.rollSays')}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {cover?.constituency && (
            <>
              <dt className="text-slate-500">{t('rolls.cover.constituency')}</dt>
              <dd className="text-slate-900">{cover.constituency}</dd>
            </>
          )}
          <dt className="text-slate-500">{t('rolls.rollPart')}</dt>
          <dd className="text-slate-900">{item.part_no ?? '—'}</dd>
          {item.page_parts.some((part) => part !== item.part_no) && (
            <>
              <dt className="text-slate-500">{t('rolls.pageParts')}</dt>
              <dd className="text-slate-900">{item.page_parts.join(', ')}</dd>
            </>
          )}
          {cover && (cover.pollingStationName || cover.pollingStationNumber !== null) && (
            <>
              <dt className="text-slate-500">{t('rolls.cover.pollingStation')}</dt>
              <dd className="text-slate-900">{[cover.pollingStationNumber, cover.pollingStationName].filter((part) => part !== null).join(' - ')}</dd>
            </>
          )}
          {cover?.pollingStationAddress && (
            <>
              <dt className="text-slate-500">{t('rolls.cover.address')}</dt>
              <dd className="text-slate-900">{cover.pollingStationAddress}</dd>
            </>
          )}
          {(cover?.sections.length ?? 0) > 0 || item.sections.length > 0 ? (
            <>
              <dt className="text-slate-500">{t('rolls.sections')}</dt>
              <dd className="text-slate-900">{cover && cover.sections.length > 0 ? cover.sections.map((section) => `${section.number} - ${section.name}`).join('; ') : item.sections.join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {summary && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1 pr-2 font-medium" />
                <th className="py-1 pr-2 font-medium">{t('rolls.cover.male')}</th>
                <th className="py-1 pr-2 font-medium">{t('rolls.cover.female')}</th>
                <th className="py-1 pr-2 font-medium">{t('rolls.cover.third')}</th>
                <th className="py-1 pr-2 font-medium">{t('rolls.cover.total')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th className="py-1 pr-2 text-left font-medium text-slate-700">{t('rolls.cover.printed')}</th>
                <td className="py-1 pr-2">{cell(totals?.male)}</td>
                <td className="py-1 pr-2">{cell(totals?.female)}</td>
                <td className="py-1 pr-2">{cell(totals?.third)}</td>
                <td className="py-1 pr-2">{cell(totals?.total)}</td>
              </tr>
              <tr>
                <th className="py-1 pr-2 text-left font-medium text-slate-700">{t('rolls.cover.counted')}</th>
                <td className="py-1 pr-2">{summary.counted.male}</td>
                <td className="py-1 pr-2">{summary.counted.female}</td>
                <td className="py-1 pr-2">{summary.counted.third}</td>
                <td className="py-1 pr-2">{summary.counted.total}</td>
              </tr>
            </tbody>
          </table>
          {summary.totalsMatch !== null && (
            <p className={`mt-1 flex items-center gap-1 text-sm ${summary.totalsMatch ? 'text-green-700' : 'text-red-700'}`}>
              {summary.totalsMatch ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : <AlertTriangle aria-hidden="true" className="h-4 w-4" />}
              {summary.totalsMatch ? t('rolls.cover.match') : t('rolls.cover.mismatch')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

// Which booth the voters go to (issue 54): what the booth records beside what the roll says,
// asked whenever no booth records the roll's part, and a loud warning when they differ.
function BoothChoice({ item }: { item: RollImport }) {
  const { t } = useTranslation();
  const choose = useChooseRollBooth(item.id);
  const check = item.booth_check;
  const onChange = async (booth: string) => {
    if (!booth) return;
    try {
      await choose.mutateAsync(booth);
      toast.success(t('rolls.boothChosen', { booth }));
    } catch (error) {
      toast.error(errorMessage(error, t('rolls.saveFailed')));
    }
  };
  const differs = check !== null && (check.part_differs || check.constituency_differs);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <FormField label={t('rolls.whichBooth')} className="sm:w-72">
        <select value={item.booth ?? ''} disabled={choose.isPending} onChange={(event) => void onChange(event.target.value)} className={inputClass(!item.booth || differs)}>
          <option value="">{t('rolls.chooseBooth')}</option>
          {BOOTHS.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      {!item.part_is_a_booth && (
        <p className="flex items-start gap-1 text-sm text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {item.part_no === null ? t('rolls.noPartRead') : t('rolls.noBoothHasPart', { part: item.part_no })}
        </p>
      )}
      {check && (
        <div className="text-sm text-slate-700">
          <p>{check.part_number !== null ? t('rolls.boothFacts', { booth: check.booth, part: check.part_number, voters: check.stored_voters }) : t('rolls.boothNoPart', { booth: check.booth, voters: check.stored_voters })}</p>
          {check.constituency && <p>{t('rolls.boothConstituency', { booth: check.booth, constituency: check.constituency })}</p>}
          {!check.constituency && check.office_constituency && <p>{t('rolls.officeConstituency', { constituency: check.office_constituency })}</p>}
        </div>
      )}
      {check && differs && <DifferenceWarning item={item} />}
    </div>
  );
}

function DifferenceWarning({ item }: { item: RollImport }) {
  const { t } = useTranslation();
  const check = item.booth_check!;
  return (
    <div role="alert" className="rounded-lg border-2 border-red-600 bg-red-50 p-3 text-sm text-red-900">
      <p className="flex items-center gap-1 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t('rolls.differsTitle', { booth: check.booth })}
      </p>
      {check.part_differs && <p className="mt-1">{t('rolls.differsPart', { roll: item.part_no ?? '—', booth: check.booth, booth_part: check.part_number ?? '—' })}</p>}
      {check.constituency_differs && <p className="mt-1">{t('rolls.differsConstituency', { roll: item.cover?.constituency ?? '—', booth_constituency: check.constituency ?? check.office_constituency ?? '—' })}</p>}
      <p className="mt-1">{t('rolls.differsHint', { booth: check.booth })}</p>
    </div>
  );
}

interface CommitChoice {
  confirm_difference: boolean;
  update_booth: boolean;
}

// Saving a whole roll asks first, with the count (issue 54); a roll of another part or
// constituency than the booth's needs its own tick, and the booth's part number changes only
// when that box is ticked.
function CommitDialog({ item, open, deleting, busy, onConfirm, onCancel }: { item: RollImport; open: boolean; deleting: number; busy: boolean; onConfirm: (choice: CommitChoice) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const check = item.booth_check;
  const differs = check !== null && (check.part_differs || check.constituency_differs);
  const partChanges = check !== null && item.part_no !== null && check.part_number !== item.part_no;
  const [confirmed, setConfirmed] = useState(false);
  // An empty part number is filled by default; another part's number only when a person ticks it.
  const [updateBooth, setUpdateBooth] = useState(check?.part_number === null);
  const summary = item.summary;
  if (!summary || !item.booth) return null;
  const deleted = summary.toDelete + deleting;
  const count = summary.toCreate + summary.toUpdate + deleted;
  return (
    <Modal
      open={open}
      title={t('rolls.confirmTitle')}
      onClose={onCancel}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button busy={busy} disabled={differs && !confirmed} onClick={() => onConfirm({ confirm_difference: differs && confirmed, update_booth: partChanges && updateBooth })}>
            {t('rolls.confirmSave')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-slate-700">{t('rolls.confirmText', { booth: item.booth, created: summary.toCreate, changed: summary.toUpdate, deleted, count })}</p>
        {differs && <DifferenceWarning item={item} />}
        {differs && (
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-red-900">
            <input type="checkbox" className="h-5 w-5" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            {t('rolls.confirmDifference', { booth: item.booth })}
          </label>
        )}
        {partChanges && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-5 w-5" checked={updateBooth} onChange={(event) => setUpdateBooth(event.target.checked)} />
            {t('rolls.updateBooth', { part: item.part_no ?? '—', booth: item.booth })}
          </label>
        )}
      </div>
    </Modal>
  );
}

export function RollReview({ importId }: { importId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('rollFilter');
  const filter: RollReviewFilter = (ROLL_REVIEW_FILTERS as readonly string[]).includes(filterParam ?? '') ? (filterParam as RollReviewFilter) : 'all';
  const page = Math.max(1, Number(params.get('rollPage')) || 1);
  const roll = useRollImport(importId);
  const item = roll.data;
  const inReview = item?.state === 'review';
  const rows = useReviewRows(importId, { filter, page }, inReview);
  const absent = useAbsentVoters(importId, inReview);
  const commit = useCommitRollImport(importId);
  // The voters chosen for deletion, with the version the list showed (a voter changed since is kept).
  const [deleting, setDeleting] = useState<Map<number, number>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const formMessage = useFormMessage();

  const setParam = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const save = async (choice: CommitChoice) => {
    try {
      const done = await commit.mutateAsync({ delete_voter_ids: [...deleting.keys()], delete_voter_versions: Object.fromEntries([...deleting].map(([voterId, version]) => [String(voterId), version])), ...choice });
      setConfirming(false);
      setDeleting(new Map());
      if (done.result) toast.success(t('rolls.committed', done.result));
      if (done.result?.conflicts) toast.error(t('rolls.committedConflicts', { count: done.result.conflicts }));
    } catch (error) {
      setConfirming(false);
      toast.error(errorMessage(error, t('rolls.commitFailed')));
    }
  };

  const back = (
    <Link to="/voters?tab=import" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-900 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('rolls.back')}
    </Link>
  );
  if (roll.isPending) return <Spinner className="h-6 w-6" />;
  if (!item) return <div>{back}</div>;

  const list = rows.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;
  const summary = item.summary;
  return (
    <section aria-labelledby="roll-review-title" className="space-y-4">
      {back}
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="roll-review-title" className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900" title={item.file_name}>
            {t('rolls.reviewTitle', { name: item.file_name })}
          </h2>
          <Badge color={STATE_COLORS[item.state]}>{t(`rolls.states.${item.state}`)}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {item.part_no !== null ? t('rolls.part', { part: item.part_no }) : t('rolls.partUnknown')}
          {' · '}
          {t('rolls.pagesRead', { pages: item.page_count, voters: item.voters_found })}
        </p>
        {item.state === 'reading' && <p className="mt-1 text-sm text-slate-600">{timeLeftText(t, item.seconds_left)}</p>}
        {item.error && <p className="mt-2 text-sm text-red-700">{formMessage(item.error)}</p>}
        {item.state === 'done' && item.result && (
          <div className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            <p className="font-medium">{t('rolls.committed', item.result)}</p>
            {item.booth && (
              <Link to={`/voters?tab=search&booth=${encodeURIComponent(item.booth)}`} className="mt-1 inline-flex min-h-11 items-center font-medium text-blue-900 hover:underline">
                {t('rolls.findVoters', { booth: item.booth })}
              </Link>
            )}
          </div>
        )}
        <div className="mt-4">
          <CoverFacts item={item} />
        </div>
      </div>

      {inReview && summary && (
        <>
          {/* Asked before the entries: which booth the roll goes to decides what they are compared with. */}
          <BoothChoice item={item} />
          <nav aria-label={t('rolls.filterLabel')} className="flex flex-wrap gap-2">
            {ROLL_REVIEW_FILTERS.map((name) => {
              const count = name === 'all' ? summary.boxes : summary[name];
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={filter === name}
                  onClick={() => setParam({ rollFilter: name === 'all' ? null : name, rollPage: null })}
                  className={`min-h-11 rounded-full border px-4 py-2 text-sm font-medium ${filter === name ? 'border-blue-900 bg-blue-900 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
                >
                  {t(`rolls.filters.${name}`)} ({count})
                </button>
              );
            })}
          </nav>
          <p className="text-xs text-slate-500">{t('rolls.saveHint')}</p>
          {!list ? (
            <Spinner className="h-6 w-6" />
          ) : list.rows.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">{t('rolls.noRows')}</p>
          ) : (
            <ul className="space-y-3">
              {list.rows.map((row) => (
                <ReviewRowCard key={`${row.n}:${row.corrected.join(',')}:${row.reviewed}`} importId={importId} row={row} rows={list.rows} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <div className="flex items-center justify-between gap-2">
              <Button variant="secondary" className="min-h-11" disabled={page <= 1} onClick={() => setParam({ rollPage: String(page - 1) })}>
                {t('rolls.previous')}
              </Button>
              <span className="text-sm text-slate-600">{t('rolls.pageOf', { page, pages })}</span>
              <Button variant="secondary" className="min-h-11" disabled={page >= pages} onClick={() => setParam({ rollPage: String(page + 1) })}>
                {t('rolls.next')}
              </Button>
            </div>
          )}

          <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
            <h3 className="text-base font-semibold text-slate-900">{t('rolls.absent.title')}</h3>
            <p className="mt-1 text-sm text-slate-600">{t('rolls.absent.hint')}</p>
            {!item.booth ? (
              <p className="mt-2 text-sm text-amber-800">{t('rolls.absentChooseBooth')}</p>
            ) : (absent.data?.voters ?? []).length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('rolls.absent.none')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200">
                {absent.data!.voters.map((voter) => (
                  <li key={voter.id}>
                    <label className="flex min-h-11 items-center gap-3 py-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={deleting.has(voter.id)}
                        onChange={(event) =>
                          setDeleting((current) => {
                            const next = new Map(current);
                            if (event.target.checked) next.set(voter.id, voter.version);
                            else next.delete(voter.id);
                            return next;
                          })
                        }
                      />
                      <span className="min-w-0 flex-1">
                        <span className="font-medium text-slate-900">{voter.full_name}</span>
                        <span className="block text-xs text-slate-500">{[voter.voter_id, voter.part_serial !== null ? t('rolls.serial', { serial: voter.part_serial }) : null, voter.house_no ? `${t('voters.fields.house_no')} ${voter.house_no}` : null].filter(Boolean).join(' · ')}</span>
                      </span>
                      <span className="sr-only">{t('rolls.absent.choose', { name: voter.full_name })}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
            <p className="min-w-0 flex-1 text-sm text-slate-600">{t('rolls.commitHint', { created: summary.toCreate, changed: summary.toUpdate, deleted: summary.toDelete + deleting.size })}</p>
            <Button onClick={() => setConfirming(true)} disabled={!item.booth} className="min-h-11">
              {t('rolls.commit')}
            </Button>
          </div>
          {confirming && <CommitDialog item={item} open={confirming} deleting={deleting.size} busy={commit.isPending} onConfirm={(choice) => void save(choice)} onCancel={() => setConfirming(false)} />}
        </>
      )}
    </section>
  );
}

