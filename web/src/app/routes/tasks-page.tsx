import { ClipboardList, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Task, TASK_STATUSES, type TaskStatus } from '@shared/tasks/task-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { useDeleteTask } from '@web/features/tasks/api/delete-task';
import { useTasks } from '@web/features/tasks/api/get-tasks';
import { useUpdateTaskStatus } from '@web/features/tasks/api/update-task-status';
import { CreateTaskDialog } from '@web/features/tasks/components/create-task-dialog';
import { TaskCard } from '@web/features/tasks/components/task-card';

function parseStatus(value: string | null): TaskStatus | undefined {
  return TASK_STATUSES.find((status) => status === value);
}

// /tasks (spec section 2): status filter, task cards, Create Task modal, "No tasks".
export function TasksPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const tasks = useTasks(status);
  const updateStatus = useUpdateTaskStatus();
  const deleteTask = useDeleteTask();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<Task | null>(null);

  useEffect(() => {
    if (tasks.isError) toast.error(errorMessage(tasks.error, t('tasks.fetchFailed')), { id: 'tasks-fetch-failed' });
  }, [tasks.isError, tasks.error, t]);

  if (!user) return null;

  const move = async (task: Task, next: TaskStatus) => {
    try {
      await updateStatus.mutateAsync({ id: task.id, status: next, version: task.version });
      toast.success(t('tasks.statusUpdated'));
    } catch (error) {
      toast.error(errorMessage(error, t('tasks.statusUpdateFailed')));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteTask.mutateAsync(toDelete.id);
      toast.success(t('tasks.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('tasks.deleteFailed')));
    }
    setToDelete(null);
  };

  const filters: { value: TaskStatus | undefined; label: string }[] = [
    { value: undefined, label: t('tasks.filterAll') },
    ...TASK_STATUSES.map((value) => ({ value, label: t(`tasks.status.${value}`) })),
  ];

  return (
    <div>
      <PageHeader title={t('tasks.title')}>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('tasks.createTitle')}
        </Button>
      </PageHeader>
      <div role="group" aria-label={t('tasks.filterLabel')} className="mb-5 flex flex-wrap gap-2">
        {filters.map((filter) => {
          const active = filter.value === status;
          return (
            <button
              key={filter.label}
              type="button"
              aria-pressed={active}
              onClick={() => setSearchParams(filter.value ? { status: filter.value } : {})}
              className={`rounded-full px-4 py-1.5 text-sm font-medium ${active ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {filter.label}
            </button>
          );
        })}
      </div>
      {tasks.isLoading ? (
        <div className="flex justify-center py-12 text-blue-900">
          <Spinner className="h-8 w-8" />
        </div>
      ) : (tasks.data ?? []).length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white py-12 text-slate-500">
          <ClipboardList aria-hidden="true" className="mb-2 h-10 w-10" />
          <p>{t('tasks.empty')}</p>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {(tasks.data ?? []).map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              // The server lets only the assigner delete (it checks the id).
              canDelete={task.assigned_by === user.id}
              busy={updateStatus.isPending}
              onMove={(item, next) => void move(item, next)}
              onDelete={setToDelete}
            />
          ))}
        </div>
      )}
      <CreateTaskDialog open={creating} currentUser={user} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('tasks.deleteTitle')}
        message={t('tasks.deleteConfirm', { title: toDelete?.title ?? '' })}
        busy={deleteTask.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
