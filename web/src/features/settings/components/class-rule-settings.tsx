import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CLASS_BASES } from '@shared/booths/booth-class';
import type { Settings } from '@shared/settings/settings-schema';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { usePastResultsTranslation } from '@web/lib/past-results-texts';
import { useReferenceNames } from '@web/lib/reference-names';
import { usePastElections } from '../api/get-past-elections';

// Issue 61 (decision 076): the class from the office's party's past vote share, an option
// beside the class from contacts (the default).
export function ClassRuleSettings({ register, errors }: { register: UseFormRegister<Settings>; errors: FieldErrors<Settings> }) {
  const { t: tr } = usePastResultsTranslation();
  const names = useReferenceNames();
  const elections = usePastElections();
  return (
    <>
      <FormField label={tr('classes.settings.basis')} error={errors.booth_class_basis?.message} hint={tr('classes.settings.basisHint')}>
        <select className={inputClassName} {...register('booth_class_basis')}>
          {CLASS_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {tr(`classes.settings.bases.${basis}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={tr('classes.settings.party')} error={errors.booth_class_party?.message} hint={tr('classes.settings.partyHint')}>
        <select className={inputClassName} {...register('booth_class_party')}>
          <option value="">{tr('classes.settings.noParty')}</option>
          {names.options('parties').map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={tr('classes.settings.election')} error={errors.booth_class_election?.message} hint={tr('classes.settings.electionHint')}>
        <select className={inputClassName} {...register('booth_class_election')}>
          <option value="">{tr('classes.settings.latest')}</option>
          {(elections.data?.elections ?? []).map((election) => (
            <option key={election.id} value={String(election.id)}>
              {`${election.name} (${tr(`kinds.${election.kind}`)} ${election.year})`}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={tr('classes.settings.voteAMin')} error={errors.booth_class_vote_a_min?.message} hint={tr('classes.settings.voteAMinHint')}>
        <input type="number" min={0} max={100} step={1} inputMode="numeric" className={inputClassName} {...register('booth_class_vote_a_min')} />
      </FormField>
      <FormField label={tr('classes.settings.voteBMin')} error={errors.booth_class_vote_b_min?.message} hint={tr('classes.settings.voteBMinHint')}>
        <input type="number" min={0} max={100} step={1} inputMode="numeric" className={inputClassName} {...register('booth_class_vote_b_min')} />
      </FormField>
    </>
  );
}
