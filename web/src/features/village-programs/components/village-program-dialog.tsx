import { useState } from 'react';
import toast from 'react-hot-toast';
import type { VillageProgramDetail } from '@shared/village-programs/village-program-schema';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ListLoading } from '@web/components/ui/list-states';
import { Modal } from '@web/components/ui/modal';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatCalendarDate } from '@web/lib/date-format';
import { useReferenceNames } from '@web/lib/reference-names';
import { useDeleteVillageProgram } from '../api/delete-village-program';
import { useVillageProgram } from '../api/get-village-program';
import { useVillageTranslation } from '../village-texts-loader';

interface VillageProgramDialogProps {
  id: number | null;
  onClose: () => void;
  onEdit: (program: VillageProgramDetail) => void;
  // Opens the service request form with this program named (the page composes the two features).
  onRaiseRequest: (program: VillageProgramDetail) => void;
  // Opens the task form for a follow-up task of this program (Task Management's own form).
  onAddTask: (program: VillageProgramDetail) => void;
  // The words of a task's status (Task Management owns them).
  taskStatus: (status: string) => string;
  // A request raised here, opened in the register.
  requestHref: (requestId: number) => string;
  // The words of a request's category and status (the service requests feature owns them).
  requestLabels: { category: (category: string) => string; status: (status: string) => string };
}

// One program: when and where, its booths and attendance, the requests raised there, and the
// office's edit and delete.
export function VillageProgramDialog({ id, onClose, onEdit, onRaiseRequest, onAddTask, taskStatus, requestHref, requestLabels }: VillageProgramDialogProps) {
  const { t, i18n } = useVillageTranslation();
  const references = useReferenceNames();
  const query = useVillageProgram(id);
  const remove = useDeleteVillageProgram();
  const [confirming, setConfirming] = useState(false);
  const program = query.data;
  const none = t('none');

  const onDelete = async () => {
    if (!program) return;
    try {
      await remove.mutateAsync({ id: program.id, version: program.version });
      toast.success(t('deleted'));
      setConfirming(false);
      onClose();
    } catch (error) {
      setConfirming(false);
      toast.error(error instanceof ApiError && error.status === 409 ? t('stale') : errorMessage(error, t('deleteFailed')));
    }
  };

  const rows: [string, string][] = program
    ? [
        [t('detail.when'), [formatCalendarDate(program.program_date, i18n.language), program.program_time].filter(Boolean).join(' · ')],
        [t('detail.place'), `${references.name('villages', program.village) ?? program.village}, ${references.name('talukas', program.taluka) ?? program.taluka}`],
        [t('detail.booths'), program.booths.length > 0 ? program.booths.join(', ') : none],
        [t('detail.organiser'), program.organiser ?? none],
        [t('detail.expected'), program.expected_attendance === null ? none : String(program.expected_attendance)],
        [t('detail.actual'), program.actual_attendance === null ? none : String(program.actual_attendance)],
        [t('detail.recordedBy'), program.created_by_name ?? none],
      ]
    : [];

  return (
    <>
      <Modal open={id !== null} title={program?.title ?? t('title')} onClose={onClose} size="lg">
        {!program ? (
          <ListLoading label={t('loading')} />
        ) : (
          <div className="space-y-5">
            <Badge color="blue">{t(`kinds.${program.kind}`)}</Badge>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
              {rows.map(([label, value]) => (
                <div key={label} className="flex gap-2">
                  <dt className="min-w-28 text-slate-500">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {program.notes && (
              <div className="text-sm">
                <p className="text-slate-500">{t('detail.notes')}</p>
                <p className="whitespace-pre-wrap text-slate-800">{program.notes}</p>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => onEdit(program)}>
                {t('detail.edit')}
              </Button>
              <Button variant="ghost-danger" onClick={() => setConfirming(true)}>
                {t('detail.delete')}
              </Button>
            </div>
            <section aria-labelledby="program-requests">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 id="program-requests" className="text-sm font-semibold text-slate-900">
                  {t('detail.requests')} · {t('detail.requestCount', { count: program.request_count })}
                </h3>
                <Button variant="secondary" onClick={() => onRaiseRequest(program)}>
                  {t('detail.newRequest')}
                </Button>
              </div>
              {program.requests.length === 0 ? (
                <p className="text-sm text-slate-500">{t('detail.noRequests')}</p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {program.requests.map((request) => (
                    <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <div>
                        <a className="font-medium text-blue-900 underline-offset-2 hover:underline" href={requestHref(request.id)}>
                          {request.receipt_no}
                        </a>{' '}
                        <span className="text-slate-900">{request.citizen_name}</span>
                        <p className="text-xs text-slate-500">
                          {requestLabels.category(request.category)}
                          {request.booth ? ` · ${request.booth}` : ''}
                        </p>
                      </div>
                      <Badge color="gray">{requestLabels.status(request.status)}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="program-tasks">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 id="program-tasks" className="text-sm font-semibold text-slate-900">
                  {t('detail.tasks')}
                </h3>
                <Button variant="secondary" onClick={() => onAddTask(program)}>
                  {t('detail.newTask')}
                </Button>
              </div>
              {program.tasks.length === 0 ? (
                <p className="text-sm text-slate-500">{t('detail.noTasks')}</p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {program.tasks.map((task) => (
                    <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <div>
                        <a className="font-medium text-blue-900 underline-offset-2 hover:underline" href="/tasks">
                          {task.title}
                        </a>
                        <p className="text-xs text-slate-500">{[task.assigned_to_name, task.due_date ? t('detail.due', { date: formatCalendarDate(task.due_date, i18n.language) }) : null].filter(Boolean).join(' · ')}</p>
                      </div>
                      <Badge color="gray">{taskStatus(task.status)}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={t('detail.deleteTitle')}
        message={t('detail.deleteMessage')}
        confirmLabel={t('detail.delete')}
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
