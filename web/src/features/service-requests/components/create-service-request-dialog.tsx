import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_PRIORITIES, type ServiceRequestInput, serviceRequestInputSchema } from '@shared/service-requests/service-request-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { errorMessage } from '@web/lib/api-client';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateServiceRequest } from '../api/create-service-request';
import type { StaffChoice } from './service-request-filters';

interface CreateServiceRequestDialogProps {
  open: boolean;
  booths: readonly string[];
  staff: readonly StaffChoice[];
  // The village program the request is raised at, when opened from one (/village).
  programId?: number | null;
  // Where a new request starts (a program's village).
  initialVillage?: string | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}

const EMPTY: ServiceRequestInput = {
  voter_id: null,
  citizen_name: '',
  citizen_mobile: '',
  category: '' as ServiceRequestInput['category'],
  department: '',
  description: '',
  booth: '',
  village: '',
  priority: 'Medium',
  assigned_to: null,
  due_date: '',
};

const toId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

// A walk-in's or a caller's request: find them on the roll (name in either script, EPIC or
// mobile) or write their name and mobile; the receipt number comes back in the toast.
export function CreateServiceRequestDialog({ open, booths, staff, programId = null, initialVillage = null, onClose, onCreated }: CreateServiceRequestDialogProps) {
  const { t } = useTranslation();
  const references = useReferenceNames();
  const create = useCreateServiceRequest();
  const [voter, setVoter] = useState<Voter | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ServiceRequestInput>({ resolver: zodResolver(serviceRequestInputSchema), defaultValues: EMPTY });

  // Raised at a program: its village is where the request starts.
  useEffect(() => {
    if (open && initialVillage) setValue('village', initialVillage);
  }, [open, initialVillage, setValue]);

  const close = () => {
    reset(EMPTY);
    setVoter(null);
    onClose();
  };

  const choose = (chosen: Voter | null) => {
    setVoter(chosen);
    setValue('voter_id', chosen?.id ?? null);
    // The voter's details fill the form; the office may still correct the mobile.
    setValue('citizen_name', chosen?.full_name ?? '');
    setValue('citizen_mobile', chosen?.mobile_number ?? '');
    setValue('booth', chosen?.booth ?? '');
    setValue('village', chosen?.village ?? '');
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ ...values, program_id: programId });
      toast.success(t('service.created', { receipt: created.receipt_no }));
      close();
      onCreated(created.id);
    } catch (error) {
      showServerFieldErrors(error, setError, Object.keys(EMPTY));
      toast.error(errorMessage(error, t('service.createFailed')));
    }
  });

  return (
    <Modal
      open={open}
      title={t('service.form.title')}
      onClose={close}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="create-service-request-form" busy={create.isPending}>
            {t('service.form.submit')}
          </Button>
        </>
      }
    >
      <form id="create-service-request-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <VoterPicker
          voter={voter}
          onChoose={choose}
          texts={{
            legend: t('service.form.voter'),
            search: t('service.form.findVoter'),
            searching: t('service.form.searching'),
            noneFound: t('service.form.noVoterFound'),
            choose: t('service.form.choose'),
            clear: t('service.form.clearVoter'),
          }}
        />
        <FormField label={t('service.form.citizenName')} required error={errors.citizen_name?.message}>
          <input className={inputClassName} {...register('citizen_name')} />
        </FormField>
        <FormField label={t('service.form.citizenMobile')} error={errors.citizen_mobile?.message}>
          <input className={inputClassName} inputMode="numeric" {...register('citizen_mobile')} />
        </FormField>
        <FormField label={t('service.form.category')} required error={errors.category?.message}>
          <select className={inputClassName} {...register('category')}>
            <option value="">{t('service.form.chooseCategory')}</option>
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
          <select className={inputClassName} disabled={voter !== null} {...register('booth')}>
            <option value="">{t('service.form.chooseBooth')}</option>
            {booths.map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('service.form.village')} error={errors.village?.message}>
          <select className={inputClassName} disabled={voter !== null} {...register('village')}>
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
          <select className={inputClassName} {...register('assigned_to', { setValueAs: toId })}>
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
      </form>
    </Modal>
  );
}
