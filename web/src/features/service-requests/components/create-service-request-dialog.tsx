import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_PRIORITIES, type ServiceRequestInput, serviceRequestInputSchema } from '@shared/service-requests/service-request-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { SearchInput } from '@web/components/ui/search-input';
import { errorMessage } from '@web/lib/api-client';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateServiceRequest } from '../api/create-service-request';
import { useFindVoters } from '../api/find-voters';
import type { StaffChoice } from './service-request-filters';

interface CreateServiceRequestDialogProps {
  open: boolean;
  booths: readonly string[];
  staff: readonly StaffChoice[];
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
export function CreateServiceRequestDialog({ open, booths, staff, onClose, onCreated }: CreateServiceRequestDialogProps) {
  const { t } = useTranslation();
  const references = useReferenceNames();
  const create = useCreateServiceRequest();
  const [voterSearch, setVoterSearch] = useState('');
  const [voter, setVoter] = useState<Voter | null>(null);
  const found = useFindVoters(voter ? '' : voterSearch);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ServiceRequestInput>({ resolver: zodResolver(serviceRequestInputSchema), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    setVoter(null);
    setVoterSearch('');
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
      const created = await create.mutateAsync(values);
      toast.success(t('service.created', { receipt: created.receipt_no }));
      close();
      onCreated(created.id);
    } catch (error) {
      showServerFieldErrors(error, setError, Object.keys(EMPTY));
      toast.error(errorMessage(error, t('service.createFailed')));
    }
  });

  const voters = found.data?.voters ?? [];
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
        <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-medium text-slate-700">{t('service.form.voter')}</legend>
          {voter ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="font-medium">{voter.full_name}</span> · {voter.voter_id ?? ''} · {voter.booth}
              </p>
              <Button variant="ghost" onClick={() => choose(null)}>
                {t('service.form.clearVoter')}
              </Button>
            </div>
          ) : (
            <>
              <SearchInput value={voterSearch} onChange={setVoterSearch} placeholder={t('service.form.findVoter')} label={t('service.form.findVoter')} />
              {voterSearch.trim().length >= 2 && (
                <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-live="polite">
                  {found.isFetching && voters.length === 0 ? (
                    <li className="py-2 text-slate-500">{t('service.form.searching')}</li>
                  ) : voters.length === 0 ? (
                    <li className="py-2 text-slate-500">{t('service.form.noVoterFound')}</li>
                  ) : (
                    voters.map((item) => (
                      <li key={item.id} className="flex items-center justify-between gap-2 py-1.5">
                        <span>
                          <span className="font-medium">{item.full_name}</span> · {item.voter_id ?? ''} · {item.booth}
                        </span>
                        <Button variant="secondary" aria-label={`${t('service.form.choose')} ${item.full_name}`} onClick={() => choose(item)}>
                          {t('service.form.choose')}
                        </Button>
                      </li>
                    ))
                  )}
                </ul>
              )}
            </>
          )}
        </fieldset>
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
