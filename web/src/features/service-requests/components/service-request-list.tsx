import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@shared/service-requests/service-request-schema';
import { Table, type TableColumn } from '@web/components/ui/table';
import { formatCalendarDate } from '@web/lib/date-format';
import { useReferenceNames } from '@web/lib/reference-names';
import { OverdueBadge, ServiceStatusBadge } from './service-status-badge';

interface ServiceRequestListProps {
  requests: readonly ServiceRequest[];
  onOpen: (request: ServiceRequest) => void;
}

// A table on a desk, cards on a phone; each request opens with its receipt number.
export function ServiceRequestList({ requests, onOpen }: ServiceRequestListProps) {
  const { t, i18n } = useTranslation();
  const references = useReferenceNames();
  const place = (request: ServiceRequest) => [request.booth, references.name('villages', request.village)].filter(Boolean).join(' · ') || t('service.detail.none');
  const due = (request: ServiceRequest) => (request.due_date ? formatCalendarDate(request.due_date, i18n.language) : t('service.detail.none'));
  const receipt = (request: ServiceRequest) => (
    <button type="button" className="font-medium text-blue-900 underline-offset-2 hover:underline" aria-label={t('service.open', { receipt: request.receipt_no })} onClick={() => onOpen(request)}>
      {request.receipt_no}
    </button>
  );
  const columns: TableColumn<ServiceRequest>[] = [
    { key: 'receipt', header: t('service.columns.receipt'), cell: receipt, className: 'whitespace-nowrap' },
    {
      key: 'citizen',
      header: t('service.columns.citizen'),
      cell: (request) => (
        <div>
          <div className="font-medium text-slate-900">{request.citizen_name}</div>
          {request.citizen_mobile && <div className="text-xs text-slate-500">{request.citizen_mobile}</div>}
        </div>
      ),
    },
    { key: 'category', header: t('service.columns.category'), cell: (request) => t(`service.categories.${request.category}`) },
    { key: 'booth', header: t('service.columns.booth'), cell: place },
    {
      key: 'status',
      header: t('service.columns.status'),
      cell: (request) => (
        <div className="flex flex-wrap gap-1">
          <ServiceStatusBadge status={request.status} />
          {request.overdue && <OverdueBadge />}
        </div>
      ),
    },
    { key: 'assignee', header: t('service.columns.assignee'), cell: (request) => request.assigned_to_name ?? t('service.detail.none') },
    { key: 'due', header: t('service.columns.due'), cell: due, className: 'whitespace-nowrap' },
  ];
  return (
    <>
      <Table columns={columns} rows={requests} rowKey={(request) => request.id} className="hidden md:block" label={t('service.title')} />
      <ul className="space-y-3 md:hidden">
        {requests.map((request) => (
          <li key={request.id}>
            <article aria-label={request.receipt_no} className={`rounded-xl border bg-white p-4 shadow-sm ${request.overdue ? 'border-red-300' : 'border-slate-200'}`}>
              <div className="flex items-start justify-between gap-2">
                {receipt(request)}
                <div className="flex flex-wrap justify-end gap-1">
                  <ServiceStatusBadge status={request.status} />
                  {request.overdue && <OverdueBadge />}
                </div>
              </div>
              <p className="mt-2 font-medium text-slate-900">{request.citizen_name}</p>
              <p className="text-sm text-slate-600">
                {t(`service.categories.${request.category}`)} · {place(request)}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {t('service.columns.due')}: {due(request)} · {t('service.columns.assignee')}: {request.assigned_to_name ?? t('service.detail.none')}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
