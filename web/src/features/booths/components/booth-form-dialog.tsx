import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Booth, BOOTH_FIELDS, type BoothField, boothRecordSchema } from '@shared/booths/booth-schema';
import { TALUKAS, villagesOf } from '@shared/reference/voter-lists';
import { Button } from '@web/components/ui/button';
import { DialogFormFooter } from '@web/components/ui/dialog-form-footer';
import { EditConflictPanel } from '@web/components/ui/edit-conflict-panel';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api-client';
import { useEditConflict } from '@web/lib/edit-conflicts';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useUpdateBooth } from '../api/update-booth';

type BoothFormInput = z.input<typeof boothRecordSchema>;
type BoothFormData = z.output<typeof boothRecordSchema>;

const FORM_ID = 'booth-form';
const LABEL_KEYS = {
  part_number: 'booths.station.partNumber',
  polling_station_number: 'booths.station.number',
  polling_station_name: 'booths.station.name',
  polling_station_address: 'booths.station.address',
  village: 'booths.station.village',
  taluka: 'booths.station.taluka',
  sections: 'booths.form.sections',
} as const satisfies Record<BoothField, string>;

const text = (value: string | number | null) => (value === null ? '' : String(value));
function toValues(booth: Booth): BoothFormInput {
  return {
    part_number: text(booth.part_number),
    polling_station_number: text(booth.polling_station_number),
    polling_station_name: text(booth.polling_station_name),
    polling_station_address: text(booth.polling_station_address),
    village: text(booth.village),
    taluka: text(booth.taluka),
    sections: booth.sections.map((section) => ({ number: section.number, name: section.name })),
  };
}

// An office role edits a booth's polling station and the sections of its part (issue 20), with
// the record-version conflict panel of the other edit forms (decision 015).
export function BoothFormDialog({ booth: opened, onClose }: { booth: Booth; onClose: () => void }) {
  const { t } = useTranslation();
  const [booth, setBooth] = useState(opened);
  const formElement = useRef<HTMLFormElement>(null);
  const update = useUpdateBooth();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BoothFormInput, unknown, BoothFormData>({ resolver: zodResolver(boothRecordSchema), defaultValues: toValues(booth) });
  const sections = useFieldArray({ control, name: 'sections' });
  const conflict = useEditConflict({ record: booth, setRecord: setBooth, fields: BOOTH_FIELDS, toValues, form: { reset, getValues }, formElement });
  const taluka = useWatch({ control, name: 'taluka' });
  const villages = villagesOf(typeof taluka === 'string' ? taluka : null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: booth.id, data: { ...values, version: booth.version } });
      toast.success(t('booths.form.saved'));
      onClose();
    } catch (error) {
      if (!conflict.caught(error)) showServerFieldErrors(error, setError, BOOTH_FIELDS);
      toast.error(errorMessage(error, t('booths.form.saveFailed')));
    }
  });

  const conflictRows = conflict.changes.map((change) => ({
    key: change.field,
    label: t(LABEL_KEYS[change.field]),
    theirs: change.field === 'sections' ? (change.theirs as BoothFormInput['sections']).map((section) => `${section.number}. ${section.name}`) : change.theirs,
    yours: change.field === 'sections' ? (change.yours as BoothFormInput['sections']).map((section) => `${section.number}. ${section.name}`) : change.yours,
    alsoYours: change.alsoYours,
  }));

  return (
    <Modal
      open
      size="lg"
      title={t('booths.form.title', { booth: booth.label })}
      onClose={onClose}
      footer={
        <DialogFormFooter formId={FORM_ID} busy={isSubmitting} onCancel={onClose}>
          {t('common.save')}
        </DialogFormFooter>
      }
    >
      <form ref={formElement} id={FORM_ID} onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {conflict.current && (
          <div className="sm:col-span-2">
            <EditConflictPanel rows={conflictRows} busy={isSubmitting} onReapply={conflict.reapplyMine} onDiscard={conflict.loadTheirs} />
          </div>
        )}
        <FormField label={t('booths.station.partNumber')} error={errors.part_number?.message}>
          <input type="number" inputMode="numeric" min={1} className={inputClassName} {...register('part_number')} />
        </FormField>
        <FormField label={t('booths.station.number')} error={errors.polling_station_number?.message}>
          <input type="number" inputMode="numeric" min={1} className={inputClassName} {...register('polling_station_number')} />
        </FormField>
        <FormField label={t('booths.station.name')} error={errors.polling_station_name?.message} className="sm:col-span-2">
          <input type="text" className={inputClassName} {...register('polling_station_name')} />
        </FormField>
        <FormField label={t('booths.station.address')} error={errors.polling_station_address?.message} className="sm:col-span-2">
          <textarea rows={2} className={inputClassName} {...register('polling_station_address')} />
        </FormField>
        <FormField label={t('booths.station.taluka')} error={errors.taluka?.message}>
          <select className={inputClassName} {...register('taluka')}>
            <option value="">{t('booths.form.chooseTaluka')}</option>
            {TALUKAS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('booths.station.village')} error={errors.village?.message}>
          <select className={inputClassName} {...register('village')}>
            <option value="">{t('booths.form.chooseVillage')}</option>
            {villages.map((village) => (
              <option key={village} value={village}>
                {village}
              </option>
            ))}
          </select>
        </FormField>

        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('booths.form.sections')}</legend>
          <ul className="space-y-2">
            {sections.fields.map((field, index) => (
              <li key={field.id} className="flex items-start gap-2">
                <FormField label={t('booths.form.sectionNumber')} error={errors.sections?.[index]?.number?.message} className="w-28 shrink-0">
                  <input type="number" inputMode="numeric" min={1} className={inputClassName} {...register(`sections.${index}.number`)} />
                </FormField>
                <FormField label={t('booths.form.sectionName')} error={errors.sections?.[index]?.name?.message} className="min-w-0 flex-1">
                  <input type="text" className={inputClassName} {...register(`sections.${index}.name`)} />
                </FormField>
                <Button variant="ghost-danger" className="mt-6 min-w-11 px-2" aria-label={t('booths.form.removeSection', { number: index + 1 })} onClick={() => sections.remove(index)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
          {errors.sections?.message && <p className="mt-1 text-sm text-red-600">{errors.sections.message}</p>}
          {errors.sections?.root?.message && <p className="mt-1 text-sm text-red-600">{errors.sections.root.message}</p>}
          <Button variant="secondary" className="mt-2" onClick={() => sections.append({ number: sections.fields.length + 1, name: '' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('booths.form.addSection')}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
