import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { BOOTHS } from '@shared/reference/booths';
import { villagesOf } from '@shared/reference/voter-lists';
import { PROGRAM_KINDS, PROGRAM_TALUKAS, type VillageProgramDetail, type VillageProgramInput, villageProgramInputSchema } from '@shared/village-programs/village-program-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateVillageProgram } from '../api/create-village-program';
import { useUpdateVillageProgram } from '../api/update-village-program';
import { useVillageTranslation } from '../village-texts-loader';

interface VillageProgramFormDialogProps {
  open: boolean;
  // The program being edited; none for a new one.
  program: VillageProgramDetail | null;
  // The day a new program starts on (the office's today).
  today: string;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const FIELDS = ['title', 'kind', 'program_date', 'program_time', 'taluka', 'village', 'booths', 'organiser', 'expected_attendance', 'actual_attendance', 'notes'] as const;

function startValues(program: VillageProgramDetail | null, today: string): VillageProgramInput {
  return {
    title: program?.title ?? '',
    kind: program?.kind ?? ('' as VillageProgramInput['kind']),
    program_date: program?.program_date ?? today,
    program_time: program?.program_time ?? '',
    taluka: program?.taluka ?? '',
    village: program?.village ?? '',
    booths: program?.booths ?? [],
    organiser: program?.organiser ?? '',
    expected_attendance: program?.expected_attendance ?? '',
    actual_attendance: program?.actual_attendance ?? '',
    notes: program?.notes ?? '',
  };
}

// A new program, or an edit of one from the version on screen: a save over someone else's
// change answers 409, the program reloads, what was typed stays, and the next save is theirs.
export function VillageProgramFormDialog(props: VillageProgramFormDialogProps) {
  const { t } = useVillageTranslation();
  if (!props.open) return null;
  return (
    <Modal open title={props.program ? t('form.editTitle') : t('form.createTitle')} onClose={props.onClose} size="lg">
      <ProgramForm key={props.program?.id ?? 'new'} {...props} />
    </Modal>
  );
}

function ProgramForm({ program, today, onClose, onSaved }: VillageProgramFormDialogProps) {
  const { t } = useVillageTranslation();
  const references = useReferenceNames();
  const create = useCreateVillageProgram();
  const update = useUpdateVillageProgram();
  const [version, setVersion] = useState(program?.version);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<VillageProgramInput>({ resolver: zodResolver(villageProgramInputSchema), defaultValues: startValues(program, today) });
  const [taluka, watchedBooths] = useWatch({ control, name: ['taluka', 'booths'] });
  const booths = watchedBooths ?? [];
  const villages = taluka ? references.options('villages', villagesOf(taluka).filter((village) => village !== 'Other'), true) : [];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = program ? await update.mutateAsync({ id: program.id, input: { ...values, version } }) : await create.mutateAsync(values);
      toast.success(program ? t('updated') : t('created', { title: saved.title }));
      onSaved(saved.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = error.current as { version?: number } | undefined;
        if (current?.version) setVersion(current.version);
        toast.error(t('stale'));
        return;
      }
      showServerFieldErrors(error, setError, FIELDS);
      toast.error(errorMessage(error, program ? t('updateFailed') : t('createFailed')));
    }
  });

  const boothsError = errors.booths?.message ?? (Array.isArray(errors.booths) ? errors.booths.find(Boolean)?.message : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={program ? t('form.editTitle') : t('form.createTitle')}>
      <FormField label={t('form.title')} required error={errors.title?.message} className="sm:col-span-2">
        <input className={inputClassName} {...register('title')} />
      </FormField>
      <FormField label={t('form.kind')} required error={errors.kind?.message}>
        <select className={inputClassName} {...register('kind')}>
          <option value="">{t('form.chooseKind')}</option>
          {PROGRAM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('form.date')} required error={errors.program_date?.message}>
          <input type="date" className={inputClassName} {...register('program_date')} />
        </FormField>
        <FormField label={t('form.time')} error={errors.program_time?.message}>
          <input type="time" className={inputClassName} {...register('program_time')} />
        </FormField>
      </div>
      <FormField label={t('form.taluka')} required error={errors.taluka?.message}>
        <select className={inputClassName} {...register('taluka', { onChange: () => setValue('village', '') })}>
          <option value="">{t('form.chooseTaluka')}</option>
          {references.options('talukas', PROGRAM_TALUKAS).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('form.village')} required error={errors.village?.message}>
        <select className={inputClassName} disabled={!taluka} {...register('village')}>
          <option value="">{t('form.chooseVillage')}</option>
          {villages.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      <div className="sm:col-span-2">
        <FormField label={t('form.booths')} hint={t('form.boothsHint')} error={boothsError}>
          <select
            className={inputClassName}
            value=""
            onChange={(event) => {
              const booth = event.target.value;
              if (booth && !booths.includes(booth)) setValue('booths', [...booths, booth], { shouldValidate: true });
            }}
          >
            <option value="">{t('form.chooseBooth')}</option>
            {BOOTHS.filter((booth) => !booths.includes(booth)).map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
        </FormField>
        {booths.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('form.booths')}>
            {booths.map((booth) => (
              <li key={booth} className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pl-3 pr-1 text-sm text-blue-900">
                {booth}
                <button
                  type="button"
                  className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-blue-100"
                  aria-label={t('form.removeBooth', { booth })}
                  onClick={() => setValue('booths', booths.filter((item) => item !== booth), { shouldValidate: true })}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormField label={t('form.organiser')} error={errors.organiser?.message} className="sm:col-span-2">
        <input className={inputClassName} {...register('organiser')} />
      </FormField>
      <FormField label={t('form.expected')} error={errors.expected_attendance?.message}>
        <input className={inputClassName} inputMode="numeric" {...register('expected_attendance')} />
      </FormField>
      <FormField label={t('form.actual')} error={errors.actual_attendance?.message}>
        <input className={inputClassName} inputMode="numeric" {...register('actual_attendance')} />
      </FormField>
      <FormField label={t('form.notes')} error={errors.notes?.message} className="sm:col-span-2">
        <textarea rows={3} className={inputClassName} {...register('notes')} />
      </FormField>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        <Button type="submit" busy={create.isPending || update.isPending}>
          {program ? t('form.submitEdit') : t('form.submitCreate')}
        </Button>
      </div>
    </form>
  );
}
