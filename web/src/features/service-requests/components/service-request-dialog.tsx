import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  NEXT_SERVICE_STATUSES,
  type ServiceNoteInput,
  serviceNoteInputSchema,
  type ServiceRequestDetail,
  type ServiceRequestUpdate,
  serviceRequestUpdateSchema,
} from '@shared/service-requests/service-request-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { Modal } from '@web/components/ui/modal';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { formatCalendarDate, formatDateTime } from '@web/lib/date-format';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useAddServiceNote } from '../api/add-service-note';
import { useServiceRequest } from '../api/get-service-request';
import { useUpdateServiceRequest } from '../api/update-service-request';
import { ServiceAttachments } from './service-attachments';
import { ServiceMessages } from './service-messages';
import { ServiceReceiptActions } from './service-receipt';
import type { StaffChoice } from './service-request-filters';
import { CitizenFields, RequestDetailFields } from './service-request-fields';
import { OverdueBadge, ServiceStatusBadge } from './service-status-badge';

interface ServiceRequestDialogProps {
  id: number | null;
  // The office edits a request's details; every role adds notes and moves the status.
  canEdit: boolean;
  booths: readonly string[];
  staff: readonly StaffChoice[];
  onClose: () => void;
}


// One request: its details, its dated history, a note (optionally moving the status), and for
// the office the details' edit form. A save over someone else's change answers 409: the
// request reloads, what the user typed stays, and a second save is theirs to make.
export function ServiceRequestDialog({ id, canEdit, booths, staff, onClose }: ServiceRequestDialogProps) {
  const { t } = useTranslation();
  const request = useServiceRequest(id);
  const [editing, setEditing] = useState(false);
  const detail = request.data;
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <Modal open={id !== null} title={detail ? t('service.detail.title', { receipt: detail.receipt_no }) : t('service.title')} onClose={close} size="lg">
      {!detail ? (
        <ListLoading label={t('service.loading')} />
      ) : editing ? (
        <EditDetailsForm key={detail.id} detail={detail} booths={booths} staff={staff} onDone={() => setEditing(false)} />
      ) : (
        <div className="space-y-5">
          <RequestSummary detail={detail} />
          {canEdit && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('service.detail.edit')}
            </Button>
          )}
          <ServiceReceiptActions requestId={detail.id} version={detail.version} />
          <ServiceAttachments requestId={detail.id} canDelete={canEdit} />
          <History detail={detail} />
          <ServiceMessages messages={detail.messages} />
          <NoteForm key={detail.id} detail={detail} />
        </div>
      )}
    </Modal>
  );
}

function RequestSummary({ detail }: { detail: ServiceRequestDetail }) {
  const { t, i18n } = useTranslation();
  const references = useReferenceNames();
  const none = t('service.detail.none');
  const rows: [string, string][] = [
    [t('service.detail.citizen'), detail.citizen_name],
    [t('service.detail.mobile'), detail.citizen_mobile ?? none],
    [t('service.detail.voter'), detail.voter_epic ?? none],
    [t('service.detail.category'), t(`service.categories.${detail.category}`)],
    [t('service.detail.department'), detail.department ?? none],
    [t('service.detail.booth'), detail.booth ?? none],
    [t('service.detail.village'), references.name('villages', detail.village) ?? none],
    [t('service.detail.priority'), t(`service.priorities.${detail.priority}`)],
    [t('service.detail.assignee'), detail.assigned_to_name ?? none],
    [t('service.detail.due'), detail.due_date ? formatCalendarDate(detail.due_date, i18n.language) : none],
    [t('service.detail.registeredBy'), detail.created_by_name ?? none],
  ];
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <ServiceStatusBadge status={detail.status} />
        {detail.overdue && <OverdueBadge />}
      </div>
      <p className="mb-3 whitespace-pre-wrap text-sm text-slate-800">{detail.description}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="min-w-28 text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function History({ detail }: { detail: ServiceRequestDetail }) {
  const { t, i18n } = useTranslation();
  const { timezone } = useAppSettings();
  return (
    <section aria-labelledby="service-history">
      <h3 id="service-history" className="mb-2 text-sm font-semibold text-slate-900">
        {t('service.detail.history')}
      </h3>
      <ol className="space-y-2 border-l-2 border-slate-200 pl-4">
        {detail.history.map((row) => (
          <li key={row.id} className="text-sm">
            <p className="text-xs text-slate-500">
              {formatDateTime(row.created_at, timezone, i18n.language)} · {t('service.detail.by', { name: row.user_name ?? '' })}
            </p>
            <p className="font-medium text-slate-900">
              {row.from_status === null && row.to_status === 'New'
                ? t('service.detail.registered')
                : row.to_status
                  ? t('service.detail.moved', { from: row.from_status ? t(`service.statuses.${row.from_status}`) : '', to: t(`service.statuses.${row.to_status}`) })
                  : null}
            </p>
            {row.note && <p className="whitespace-pre-wrap text-slate-700">{row.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function NoteForm({ detail }: { detail: ServiceRequestDetail }) {
  const { t } = useTranslation();
  const addNote = useAddServiceNote();
  const empty: ServiceNoteInput = { note: '', status: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ServiceNoteInput>({ resolver: zodResolver(serviceNoteInputSchema), defaultValues: empty });
  const onSubmit = handleSubmit(async (values) => {
    try {
      // The version of the request on screen: after a 409 the request reloads, and the next save carries its new version.
      await addNote.mutateAsync({ id: detail.id, input: { ...values, version: detail.version } });
      toast.success(t('service.detail.noteSaved'));
      reset(empty);
    } catch (error) {
      showServerFieldErrors(error, setError, ['note', 'status']);
      toast.error(error instanceof ApiError && error.status === 409 ? t('service.detail.stale') : errorMessage(error, t('service.detail.noteFailed')));
    }
  });
  const next = NEXT_SERVICE_STATUSES[detail.status];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-3" aria-label={t('service.detail.addNote')}>
      <FormField label={t('service.detail.note')} error={errors.note?.message} className="sm:col-span-2">
        <textarea rows={2} className={inputClassName} {...register('note')} />
      </FormField>
      <FormField label={t('service.detail.newStatus')} error={errors.status?.message}>
        <select className={inputClassName} disabled={next.length === 0} {...register('status')}>
          <option value="">{t('service.detail.keepStatus')}</option>
          {next.map((status) => (
            <option key={status} value={status}>
              {t(`service.statuses.${status}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" busy={addNote.isPending}>
          {t('service.detail.saveNote')}
        </Button>
      </div>
    </form>
  );
}

function EditDetailsForm({ detail, booths, staff, onDone }: { detail: ServiceRequestDetail; booths: readonly string[]; staff: readonly StaffChoice[]; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateServiceRequest();
  // The version the edit started from; a 409 moves it to the request as it now is.
  const [version, setVersion] = useState(detail.version);
  const start: ServiceRequestUpdate = {
    citizen_name: detail.citizen_name,
    citizen_mobile: detail.citizen_mobile ?? '',
    category: detail.category,
    department: detail.department ?? '',
    description: detail.description,
    booth: detail.booth ?? '',
    village: detail.village ?? '',
    priority: detail.priority,
    assigned_to: detail.assigned_to,
    due_date: detail.due_date ?? '',
  };
  const form = useForm<ServiceRequestUpdate>({ resolver: zodResolver(serviceRequestUpdateSchema), defaultValues: start });
  const { handleSubmit, setError } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: detail.id, input: { ...values, version } });
      toast.success(t('service.detail.detailsSaved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = error.current as { version?: number } | undefined;
        if (current?.version) setVersion(current.version);
        toast.error(t('service.detail.stale'));
        return;
      }
      showServerFieldErrors(error, setError, Object.keys(start));
      toast.error(errorMessage(error, t('service.detail.detailsFailed')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t('service.detail.edit')}>
      <FormProvider {...form}>
        <CitizenFields />
        <RequestDetailFields booths={booths} staff={staff} categoryPlaceholder={false} placeFromVoter={false} />
      </FormProvider>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={update.isPending}>
          {t('service.detail.saveDetails')}
        </Button>
      </div>
    </form>
  );
}
