import { Crown, Home, Phone } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Household, HouseholdMember, HouseholdStatus } from '@shared/households/household-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button, iconButtonClassName } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useRowListNames } from '@web/lib/row-list-names';
import { useConfirmHousehold, useMergeHouseholds, useMoveVoterToHousehold, useSplitHousehold } from '../api/change-household';

// A household card (issue 20): its house, head and members with their age, relation and support,
// and what the signed-in user may do with it. Reused wherever a booth's households are shown
// (the households screen, the booth page): give it the household, and the other households on
// screen to offer as merge and move targets.

const STATUS_COLOURS: Record<HouseholdStatus, BadgeColor> = { proposed: 'gray', suggested: 'yellow', confirmed: 'green' };
const SUPPORT_COLOURS: Record<string, BadgeColor> = {
  strong_supporter: 'green',
  leaning_supporter: 'teal',
  undecided: 'yellow',
  leaning_away: 'orange',
  opposed: 'red',
};

export interface HouseholdCardProps {
  household: Household;
  // Office roles and Supervisors decide; a Karyakarta's confirmation is a suggestion.
  canDecide: boolean;
  // Other households of the same booth, offered for merging and moving members.
  others?: readonly Household[];
  // What other features offer on the card (issue 22: slips), composed by the page.
  actions?: (household: Household) => ReactNode;
}

function SupportBadge({ level }: { level: string | null }) {
  const { t } = useTranslation();
  if (!level) return <span className="text-xs text-slate-400">{t('households.noSupport')}</span>;
  // A level the contacts feature adds later than these texts shows as it is stored.
  const label = t(`households.support.${level}`, { defaultValue: level.replaceAll('_', ' ') });
  return <Badge color={SUPPORT_COLOURS[level] ?? 'gray'}>{label}</Badge>;
}

export function HouseholdCard({ household, canDecide, others = [], actions }: HouseholdCardProps) {
  const { t } = useTranslation();
  const names = useRowListNames();
  const titleId = useId();
  const [splitting, setSplitting] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const confirm = useConfirmHousehold();
  const split = useSplitHousehold();
  const merge = useMergeHouseholds();
  const move = useMoveVoterToHousehold();
  const busy = confirm.isPending || split.isPending || merge.isPending || move.isPending;
  const head = household.members.find((member) => member.id === household.head_voter_id);
  const targets = others.filter((other) => other.id !== household.id);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, t('households.changeFailed')));
      return false;
    }
  };

  const confirmHousehold = (headVoterId?: number) =>
    run(
      () => confirm.mutateAsync({ id: household.id, version: household.version, head_voter_id: headVoterId }),
      headVoterId !== undefined ? t('households.headChanged') : canDecide ? t('households.confirmed') : t('households.suggested'),
    );

  const splitChosen = async () => {
    if (await run(() => split.mutateAsync({ id: household.id, version: household.version, voter_ids: chosen }), t('households.splitDone'))) {
      setSplitting(false);
      setChosen([]);
    }
  };

  const mergeWith = (otherId: number) => {
    const other = targets.find((entry) => entry.id === otherId);
    if (other) void run(() => merge.mutateAsync({ id: household.id, version: household.version, other_id: other.id, other_version: other.version }), t('households.merged'));
  };

  const moveMember = (member: HouseholdMember, targetId: number) => {
    const target = targets.find((entry) => entry.id === targetId);
    if (target) void run(() => move.mutateAsync({ id: target.id, version: target.version, voter_id: member.id }), t('households.moved'));
  };

  const targetLabel = (other: Household) => t('households.otherHousehold', { house: other.house_no, head: other.members.find((member) => member.id === other.head_voter_id)?.full_name ?? '—' });
  const canSuggest = !canDecide && household.status === 'proposed';

  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="household-card">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
            <Home aria-hidden="true" className="h-4 w-4 text-slate-500" />
            {t('households.house', { house: household.house_no })}
            {head && <span className="truncate font-normal text-slate-600">· {head.full_name}</span>}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">
            {t('households.members', { count: household.members.length })}
            {household.confirmed_by_name && household.status === 'confirmed' && <> · {t('households.confirmedBy', { name: household.confirmed_by_name })}</>}
            {household.suggested_by_name && household.status === 'suggested' && <> · {t('households.suggestedBy', { name: household.suggested_by_name })}</>}
          </p>
        </div>
        <Badge color={STATUS_COLOURS[household.status]}>{t(`households.statuses.${household.status}`)}</Badge>
      </header>

      {splitting && <p className="mt-3 text-sm text-slate-600">{t('households.splitHint')}</p>}
      <ul className="mt-3 divide-y divide-slate-100">
        {household.members.map((member) => {
          const isHead = member.id === household.head_voter_id;
          return (
            <li key={member.id} className="py-2" data-testid="household-member">
              <div className="flex items-start gap-3">
                {splitting && (
                  <input
                    type="checkbox"
                    className="mt-1 h-5 w-5 shrink-0"
                    aria-label={t('households.chooseMember', { name: member.full_name })}
                    checked={chosen.includes(member.id)}
                    onChange={(event) => setChosen((current) => (event.target.checked ? [...current, member.id] : current.filter((id) => id !== member.id)))}
                  />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2">
                    <span className="font-medium text-slate-900">{member.full_name}</span>
                    {isHead && (
                      <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
                        <Crown aria-hidden="true" className="h-3.5 w-3.5" />
                        {t('households.head')}
                      </span>
                    )}
                  </div>
                  <div className="text-xs text-slate-500">
                    {[
                      member.age !== null ? t('households.years', { age: member.age }) : null,
                      names.name('genders', member.gender),
                      member.father_husband_name
                        ? t('households.relative', { relation: t(`households.relations.${member.relation_type ?? 'Other'}`, { defaultValue: t('households.relations.Other') }), name: member.father_husband_name })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <SupportBadge level={member.support_level} />
                  {member.mobile_number && (
                    <a href={`tel:${member.mobile_number}`} className={`${iconButtonClassName} text-blue-800 hover:bg-blue-50`} aria-label={member.mobile_number}>
                      <Phone aria-hidden="true" className="h-4 w-4" />
                    </a>
                  )}
                </div>
              </div>
              {canDecide && !splitting && (!isHead || targets.length > 0) && (
                <div className="mt-1.5 flex flex-wrap items-center gap-2">
                  {!isHead && (
                    <Button variant="ghost" className="px-2 py-1 text-xs" disabled={busy} aria-label={t('households.makeHeadOf', { name: member.full_name })} onClick={() => void confirmHousehold(member.id)}>
                      {t('households.makeHead')}
                    </Button>
                  )}
                  {targets.length > 0 && (
                    <select
                      className="max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700"
                      aria-label={t('households.moveLabel', { name: member.full_name })}
                      value=""
                      disabled={busy}
                      onChange={(event) => moveMember(member, Number(event.target.value))}
                    >
                      <option value="">{t('households.moveTo')}</option>
                      {targets.map((other) => (
                        <option key={other.id} value={other.id}>
                          {targetLabel(other)}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>

      <footer className="mt-3 flex flex-wrap items-center gap-2">
        {splitting ? (
          <>
            <Button busy={split.isPending} disabled={chosen.length === 0 || chosen.length >= household.members.length} onClick={() => void splitChosen()}>
              {t('households.splitSave')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setSplitting(false);
                setChosen([]);
              }}
            >
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          <>
            {canDecide && household.status !== 'confirmed' && (
              <Button busy={confirm.isPending} disabled={busy} onClick={() => void confirmHousehold()}>
                {t('households.confirm')}
              </Button>
            )}
            {canSuggest && (
              <Button busy={confirm.isPending} onClick={() => void confirmHousehold()}>
                {t('households.suggest')}
              </Button>
            )}
            {canDecide && household.members.length > 1 && (
              <Button variant="secondary" disabled={busy} onClick={() => setSplitting(true)}>
                {t('households.split')}
              </Button>
            )}
            {canDecide && targets.length > 0 && (
              <select
                className="max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700"
                aria-label={t('households.mergeLabel', { house: household.house_no })}
                value=""
                disabled={busy}
                onChange={(event) => mergeWith(Number(event.target.value))}
              >
                <option value="">{t('households.mergeWith')}</option>
                {targets.map((other) => (
                  <option key={other.id} value={other.id}>
                    {targetLabel(other)}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
        {!splitting && actions?.(household)}
      </footer>
    </article>
  );
}
