import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { User } from '@shared/users/user-schema';
import { assignableRoles } from '@shared/tasks/task-assignment';
import { TASK_PRIORITIES, type TaskInput, taskInputSchema } from '@shared/tasks/task-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useUsersByRoles } from '@web/lib/users-by-role';
import { useCreateTask } from '../api/create-task';

interface CreateTaskDialogProps {
  open: boolean;
  currentUser: User;
  // A follow-up task of a village program (/village): the program it names, and where it starts.
  programId?: number | null;
  initial?: { title: string; area: string | null } | null;
  onClose: () => void;
  onCreated?: () => void;
}

const EMPTY: TaskInput = { title: '', description: '', assigned_to: '', due_date: '', start_date: '', priority: 'Medium', area: '', notes: '' };

export function CreateTaskDialog({ open, currentUser, programId = null, initial = null, onClose, onCreated }: CreateTaskDialogProps) {
  const { t } = useTranslation();
  const createTask = useCreateTask();
  const { users, isLoading } = useUsersByRoles(open ? assignableRoles(currentUser.role) : []);
  // Everyone may assign to themselves; the office and Supervisors also to the roles they manage.
  const assignees = [{ _id: currentUser.id, full_name: currentUser.full_name, role: currentUser.role }, ...users.filter((user) => user._id !== currentUser.id)];
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TaskInput>({ resolver: zodResolver(taskInputSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (!open || !initial) return;
    setValue('title', initial.title);
    setValue('area', initial.area ?? '');
  }, [open, initial, setValue]);

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createTask.mutateAsync(programId === null ? values : { ...values, program_id: programId });
      toast.success(t('tasks.created'));
      close();
      onCreated?.();
    } catch (error) {
      // The form keeps what was typed; field errors go beside their fields.
      showServerFieldErrors(error, setError, Object.keys(EMPTY));
      toast.error(errorMessage(error, t('tasks.createFailed')));
    }
  });

  return (
    <Modal
      open={open}
      title={t('tasks.createTitle')}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="create-task-form" busy={createTask.isPending}>
            {t('tasks.createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-task-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('tasks.fields.title')} required error={errors.title?.message} className="sm:col-span-2">
          <input className={inputClassName} {...register('title')} />
        </FormField>
        <FormField label={t('tasks.fields.description')} error={errors.description?.message} className="sm:col-span-2">
          <textarea rows={3} className={inputClassName} {...register('description')} />
        </FormField>
        <FormField label={t('tasks.fields.assignedTo')} required error={errors.assigned_to ? t('tasks.assigneeRequired') : undefined}>
          <select className={inputClassName} disabled={isLoading} {...register('assigned_to')}>
            <option value="">{t('tasks.chooseAssignee')}</option>
            {assignees.map((user) => (
              <option key={user._id} value={user._id}>
                {user._id === currentUser.id ? t('tasks.myself', { name: user.full_name }) : `${user.full_name} (${t(`roles.${user.role}`)})`}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('tasks.fields.priority')} error={errors.priority?.message}>
          <select className={inputClassName} {...register('priority')}>
            {TASK_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`tasks.priority.${priority}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('tasks.fields.startDate')} error={errors.start_date?.message}>
          <input type="date" className={inputClassName} {...register('start_date')} />
        </FormField>
        <FormField label={t('tasks.fields.dueDate')} error={errors.due_date?.message}>
          <input type="date" className={inputClassName} {...register('due_date')} />
        </FormField>
        <FormField label={t('tasks.fields.area')} error={errors.area?.message} className="sm:col-span-2">
          <input className={inputClassName} {...register('area')} />
        </FormField>
        <FormField label={t('tasks.fields.notes')} error={errors.notes?.message} className="sm:col-span-2">
          <textarea rows={2} className={inputClassName} {...register('notes')} />
        </FormField>
      </form>
    </Modal>
  );
}
