import { zodResolver } from '@hookform/resolvers/zod';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_PRIORITIES, type ServiceRequestInput, serviceRequestInputSchema } from '@shared/service-requests/service-request-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api-client';
import { waitsInOutbox } from '@web/lib/offline/offline-api';
import { useRaiseServiceRequest } from '../api/raise-service-request';

interface RaiseRequestSheetProps {
  voter: { id: number; full_name: string };
  onClose: () => void;
}

// The field worker's short form (issue 59): what the citizen needs and how urgent it is; the
// citizen's name, mobile, booth and village come from the voter's record on the server, and
// the office fills in the department and who follows it. Rendered into the page's body, as the
// contact sheet is.
export function RaiseRequestSheet({ voter, onClose }: RaiseRequestSheetProps) {
  const { t } = useTranslation();
  const raise = useRaiseServiceRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ServiceRequestInput, unknown, Record<string, unknown>>({
    resolver: zodResolver(serviceRequestInputSchema),
    defaultValues: { voter_id: voter.id, category: '' as ServiceRequestInput['category'], description: '', priority: 'Medium' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const raised = await raise.mutateAsync({ voterId: voter.id, values });
      // Kept on the phone without a connection: the outbox says so (lib/offline).
      if (!waitsInOutbox(raised)) toast.success(t('service.created', { receipt: raised.receipt_no ?? '' }));
      onClose();
    } catch (error) {
      // The form keeps what was typed.
      toast.error(errorMessage(error, t('service.raise.failed')));
    }
  });

  return createPortal(
    <Modal open title={t('service.raise.for', { name: voter.full_name })} onClose={onClose} size="sm" bodyClassName="flex-1 overflow-y-auto px-4 py-3">
      <form onSubmit={submit} noValidate className="space-y-3" data-testid="raise-request-sheet">
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
        <FormField label={t('service.form.description')} required error={errors.description?.message}>
          <textarea rows={4} className={inputClassName} {...register('description')} />
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
        <p className="text-xs text-slate-600">{t('service.raise.hint')}</p>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {t('service.raise.submit')}
          </Button>
        </div>
      </form>
    </Modal>,
    document.body,
  );
}
