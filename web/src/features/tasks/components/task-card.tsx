import { Calendar, CheckCircle2, MapPin, Play, Trash2, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Task, TaskPriority, TaskStatus } from '@shared/tasks/task-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useDateFormat } from '@web/lib/use-date-format';

// Spec section 9: High red, Medium yellow, Low green.
const PRIORITY_COLORS: Record<TaskPriority, BadgeColor> = { High: 'red', Medium: 'yellow', Low: 'green' };
const STATUS_COLORS: Record<TaskStatus, BadgeColor> = { 'Not Started': 'gray', 'In Progress': 'blue', Completed: 'green' };

interface TaskCardProps {
  task: Task;
  canDelete: boolean;
  busy: boolean;
  onMove: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
}

export function TaskCard({ task, canDelete, busy, onMove, onDelete }: TaskCardProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={task.title}>
      <div className="mb-2 flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{task.title}</h3>
        <Badge color={PRIORITY_COLORS[task.priority]}>{t(`tasks.priority.${task.priority}`)}</Badge>
      </div>
      {task.description && <p className="mb-3 whitespace-pre-line text-sm text-slate-600">{task.description}</p>}
      <dl className="mb-3 space-y-1 text-sm text-slate-600">
        <div className="flex items-center gap-2">
          <User aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          <dt className="sr-only">{t('tasks.assignedTo')}</dt>
          <dd>
            {t('tasks.assignedToBy', { to: task.assigned_to_name ?? '-', by: task.assigned_by_name ?? t('tasks.unknownUser') })}
          </dd>
        </div>
        {(task.start_date || task.due_date) && (
          <div className="flex items-center gap-2">
            <Calendar aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            <dt className="sr-only">{t('tasks.dates')}</dt>
            <dd>
              {task.start_date && t('tasks.startsOn', { date: dates.calendarDate(task.start_date) })}
              {task.start_date && task.due_date && ' · '}
              {task.due_date && t('tasks.dueOn', { date: dates.calendarDate(task.due_date) })}
            </dd>
          </div>
        )}
        {task.area && (
          <div className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            <dt className="sr-only">{t('tasks.area')}</dt>
            <dd>{task.area}</dd>
          </div>
        )}
      </dl>
      {task.notes && <p className="mb-3 rounded bg-slate-50 p-2 text-xs text-slate-600">{task.notes}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Badge color={STATUS_COLORS[task.status]}>{t(`tasks.status.${task.status}`)}</Badge>
        <div className="ml-auto flex gap-2">
          {task.status === 'Not Started' && (
            <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => onMove(task, 'In Progress')}>
              <Play aria-hidden="true" className="h-4 w-4" />
              {t('tasks.start')}
            </Button>
          )}
          {task.status === 'In Progress' && (
            <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => onMove(task, 'Completed')}>
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              {t('tasks.complete')}
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost-danger" className="px-3 py-1.5" onClick={() => onDelete(task)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {t('tasks.delete')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
