import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_PRIORITIES, type ServiceRequestUpdate } from '@shared/service-requests/service-request-schema';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { useReferenceNames } from '@web/lib/reference-names';
import type { StaffChoice } from './service-request-filters';

// The fields the new-request form and the edit form share; each form wraps them in its
// react-hook-form FormProvider (both hold every field named here).
type RequestFieldValues = Omit<ServiceRequestUpdate, 'version'>;

export const toStaffId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export function CitizenFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<RequestFieldValues>();
  return (
    <>
      <FormField label={t('service.form.citizenName')} required error={errors.citizen_name?.message}>
        <input className={inputClassName} {...register('citizen_name')} />
      </FormField>
      <FormField label={t('service.form.citizenMobile')} error={errors.citizen_mobile?.message}>
        <input className={inputClassName} inputMode="numeric" {...register('citizen_mobile')} />
      </FormField>
    </>
  );
}

interface RequestDetailFieldsProps {
  booths: readonly string[];
  staff: readonly StaffChoice[];
  // A new request offers an empty "choose" first; an existing one always has its category.
  categoryPlaceholder: boolean;
  // A request for a voter takes the voter's booth and village.
  placeFromVoter: boolean;
}

export function RequestDetailFields({ booths, staff, categoryPlaceholder, placeFromVoter }: RequestDetailFieldsProps) {
  const { t } = useTranslation();
  const references = useReferenceNames();
  const {
    register,
    formState: { errors },
  } = useFormContext<RequestFieldValues>();
  return (
    <>
      <FormField label={t('service.form.category')} required error={errors.category?.message}>
        <select className={inputClassName} {...register('category')}>
          {categoryPlaceholder && <option value="">{t('service.form.chooseCategory')}</option>}
          {SERVICE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`service.categories.${category}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('service.form.department')} error={errors.department?.message}>
        <input className={inputClassName} {...register('department')} />
      </FormField>
      <FormField label={t('service.form.description')} required error={errors.description?.message} className="sm:col-span-2">
        <textarea rows={3} className={inputClassName} {...register('description')} />
      </FormField>
      <FormField label={t('service.form.booth')} error={errors.booth?.message}>
        <select className={inputClassName} disabled={placeFromVoter} {...register('booth')}>
          <option value="">{t('service.form.chooseBooth')}</option>
          {booths.map((booth) => (
            <option key={booth} value={booth}>
              {booth}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('service.form.village')} error={errors.village?.message}>
        <select className={inputClassName} disabled={placeFromVoter} {...register('village')}>
          <option value="">{t('service.form.chooseVillage')}</option>
          {references.options('villages').map((village) => (
            <option key={village.value} value={village.value}>
              {village.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('service.form.priority')} error={errors.priority?.message}>
        <select className={inputClassName} {...register('priority')}>
          {SERVICE_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`service.priorities.${priority}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('service.form.assignee')} error={errors.assigned_to?.message}>
        <select className={inputClassName} {...register('assigned_to', { setValueAs: toStaffId })}>
          <option value="">{t('service.form.nobody')}</option>
          {staff.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('service.form.dueDate')} error={errors.due_date?.message}>
        <input type="date" className={inputClassName} {...register('due_date')} />
      </FormField>
    </>
  );
}
