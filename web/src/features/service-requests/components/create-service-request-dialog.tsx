import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type ServiceRequestInput, serviceRequestInputSchema } from '@shared/service-requests/service-request-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateServiceRequest } from '../api/create-service-request';
import type { StaffChoice } from './service-request-filters';
import { CitizenFields, RequestDetailFields } from './service-request-fields';

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

// A walk-in's or a caller's request: find them on the roll (name in either script, EPIC or
// mobile) or write their name and mobile; the receipt number comes back in the toast.
export function CreateServiceRequestDialog({ open, booths, staff, programId = null, initialVillage = null, onClose, onCreated }: CreateServiceRequestDialogProps) {
  const { t } = useTranslation();
  const create = useCreateServiceRequest();
  const [voter, setVoter] = useState<Voter | null>(null);
  const form = useForm<ServiceRequestInput>({ resolver: zodResolver(serviceRequestInputSchema), defaultValues: EMPTY });
  const { handleSubmit, reset, setValue, setError } = form;

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
        <FormProvider {...form}>
          <CitizenFields />
          <RequestDetailFields booths={booths} staff={staff} categoryPlaceholder placeFromVoter={voter !== null} />
        </FormProvider>
      </form>
    </Modal>
  );
}
