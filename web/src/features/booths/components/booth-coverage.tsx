import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTH_CLASSES, type BoothClass, type Coverage, type Support } from '@shared/booths/booth-class';
import type { BoothDetail } from '@shared/booths/booth-schema';
import { SUPPORT_LEVELS, type SupportLevel } from '@shared/contacts/contact-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { useSetBoothClass } from '@web/features/booths/api/booth-class';
import { errorMessage } from '@web/lib/api-client';
import { usePastResultsTranslation } from '@web/lib/past-results-texts';
import { useReferenceNames } from '@web/lib/reference-names';

// Booth classes and coverage (issue 20): the class badge, the coverage and support section of
// the booth page, and the office's class override.

const CLASS_COLORS: Record<BoothClass, BadgeColor> = { A: 'green', B: 'yellow', C: 'red' };

export function ClassBadge({ value }: { value: BoothClass | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="booth-class" className="inline-flex">
      {value ? <Badge color={CLASS_COLORS[value]}>{t('boothClasses.classOf', { class: value })}</Badge> : <Badge color="gray">{t('boothClasses.none')}</Badge>}
    </span>
  );
}

export function CoverageBar({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-sm text-slate-700" data-testid="booth-coverage">
        {t('boothClasses.coverageOf', { contacted: coverage.contacted.toLocaleString('en-IN'), voters: coverage.voters.toLocaleString('en-IN'), percent: coverage.percent })}
      </p>
      <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full bg-blue-700" style={{ width: `${Math.min(100, coverage.percent)}%` }} />
      </div>
      <CountedApart coverage={coverage} />
    </div>
  );
}

// Deceased and shifted voters are no one to contact: shown apart from the coverage, when any.
export function CountedApart({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation();
  if (coverage.deceased === 0 && coverage.shifted === 0) return null;
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="counted-apart">
      {t('boothClasses.countedApart', { deceased: coverage.deceased.toLocaleString('en-IN'), shifted: coverage.shifted.toLocaleString('en-IN') })}
    </p>
  );
}

// How a level and its count show (the contacts feature's badge colours, given by app/).
export type LevelBadge = (level: SupportLevel, text: string) => ReactNode;

export function SupportBreakdown({ support, levelBadge }: { support: Support; levelBadge: LevelBadge }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-sm text-slate-700" data-testid="booth-support">
        {t('boothClasses.supportShare', { supporters: support.supporters.toLocaleString('en-IN'), share: support.share })}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {SUPPORT_LEVELS.map((level) => (
          <li key={level}>{levelBadge(level, `${t(`contacts.outcomes.${level}`)}: ${support.levels[level].toLocaleString('en-IN')}`)}</li>
        ))}
      </ul>
    </div>
  );
}

function ClassOverrideForm({ detail }: { detail: BoothDetail }) {
  const { t } = useTranslation();
  const save = useSetBoothClass();
  const [chosen, setChosen] = useState<BoothClass | ''>(detail.class.override ?? '');
  const [reason, setReason] = useState(detail.class.override_reason ?? '');
  const [done, setDone] = useState(false);
  const submit = (value: BoothClass | null) => {
    setDone(false);
    save.mutate({ id: detail.booth.id, data: { class_override: value, reason: value ? reason : undefined, version: detail.booth.version } }, { onSuccess: () => setDone(true) });
  };
  return (
    <form
      className="mt-4 space-y-2 border-t border-slate-100 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit(chosen === '' ? null : chosen);
      }}
    >
      <h3 className="text-sm font-medium text-slate-700">{t('boothClasses.setClass')}</h3>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select aria-label={t('boothClasses.classLabel')} className={`${inputClassName} sm:w-40`} value={chosen} onChange={(event) => setChosen(event.target.value as BoothClass | '')}>
          <option value="">{t('boothClasses.useComputed')}</option>
          {BOOTH_CLASSES.map((value) => (
            <option key={value} value={value}>
              {t('boothClasses.classOf', { class: value })}
            </option>
          ))}
        </select>
        <input aria-label={t('boothClasses.reason')} placeholder={t('boothClasses.reason')} className={inputClassName} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} disabled={chosen === ''} />
        {/* shrink-0 and nowrap: "वर्ग जतन करा" stays on one line beside the reason. */}
        <Button type="submit" busy={save.isPending} className="shrink-0 whitespace-nowrap">
          {t('boothClasses.save')}
        </Button>
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error, t('boothClasses.saveFailed'))}
        </p>
      )}
      {done && !save.isError && (
        <p role="status" className="text-sm text-green-800">
          {t('boothClasses.saved')}
        </p>
      )}
    </form>
  );
}

// Issue 61 (decision 076): both computed classes side by side, and the rule in force.
function ClassRule({ detail }: { detail: BoothDetail }) {
  const { t: tr } = usePastResultsTranslation();
  const names = useReferenceNames();
  const { rule, by_contacts: byContacts, by_votes: byVotes } = detail.class;
  const classText = (value: BoothClass | null) => (value ? tr('classes.classOf', { class: value }) : tr('classes.none'));
  const party = rule.party ? (names.name('parties', rule.party) ?? rule.party) : '';
  const ruleText =
    rule.basis === 'contacts'
      ? tr('classes.ruleContacts', { a: rule.a_min, b: rule.b_min })
      : rule.party && rule.election
        ? tr('classes.ruleVotes', { party, election: rule.election.name, year: rule.election.year, a: rule.vote_a_min, b: rule.vote_b_min })
        : tr('classes.ruleVotesUnset');
  return (
    <div className="space-y-1 text-xs text-slate-600" data-testid="booth-class-rule">
      <p>
        {tr('classes.byContacts', { class: classText(byContacts) })}
        {rule.party && rule.election && (
          <>
            {' · '}
            {byVotes ? tr('classes.byVotes', { party, election: rule.election.name, year: rule.election.year, share: byVotes.share, class: classText(byVotes.class) }) : null}
          </>
        )}
      </p>
      <p className="text-slate-500">{ruleText}</p>
    </div>
  );
}

// The booth page's section: class (and why), coverage, support by level.
export function BoothCoverageSection({ detail, levelBadge }: { detail: BoothDetail; levelBadge: LevelBadge }) {
  const { t } = useTranslation();
  const info = detail.class;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-500">{t('boothClasses.classLabel')}</span>
        <ClassBadge value={info.class} />
        {info.override ? (
          <span className="text-xs text-slate-600" data-testid="booth-class-override">
            {t('boothClasses.overridden', { by: info.override_by ?? '', reason: info.override_reason ?? '' })}
            {' · '}
            {info.computed ? t('boothClasses.computedWas', { class: info.computed }) : t('boothClasses.computedNone')}
          </span>
        ) : (
          !info.class && <span className="text-xs text-slate-500">{t('boothClasses.noneHint')}</span>
        )}
      </div>
      <ClassRule detail={detail} />
      <CoverageBar coverage={detail.coverage} />
      <SupportBreakdown support={detail.support} levelBadge={levelBadge} />
      {detail.can_set_class && <ClassOverrideForm detail={detail} />}
    </div>
  );
}
