import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Role } from '@shared/auth/roles';
import { DESIGNATIONS } from '@shared/reference/staff-lists';
import { createUserInputSchema, userProfileSchema } from '@shared/users/user-input-schemas';
import { assignableRoles } from '@shared/users/user-permissions';
import type { User } from '@shared/users/user-schema';
import { DialogFormFooter } from '@web/components/ui/dialog-form-footer';
import { EditConflictPanel } from '@web/components/ui/edit-conflict-panel';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api-client';
import { useEditConflict } from '@web/lib/edit-conflicts';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { BoothAccessPicker } from './booth-access-picker';
import { ResetTwoFactorSection } from './reset-two-factor-section';
import { SetPasswordSection } from './set-password-section';
import { useFormMessage } from '@web/lib/form-message';

// The form holds both modes' fields: the password matters only when creating (spec
// section 5), the Active toggle only when editing. The shared schemas do the checking.
const editFormSchema = userProfileSchema.extend({ password: z.string(), is_active: z.boolean() });
const createFormSchema = editFormSchema.extend({ password: createUserInputSchema.shape.password });
type UserFormInput = z.input<typeof editFormSchema>;
type UserFormData = z.output<typeof editFormSchema>;

const FORM_ID = 'user-form';
// The fields an edit sends (the password has its own section), and their labels' keys.
const PROFILE_LABELS = {
  username: 'username',
  full_name: 'fullName',
  email: 'email',
  mobile: 'mobile',
  age: 'age',
  address: 'address',
  id_number: 'idNumber',
  dob: 'dob',
  designation: 'designation',
  organisation: 'organisation',
  role: 'role',
  booth_access: 'boothAccess',
  is_active: 'isActive',
} as const;
type ProfileField = keyof typeof PROFILE_LABELS;
const PROFILE_FIELDS = Object.keys(PROFILE_LABELS) as ProfileField[];

function defaultValues(user: User | undefined): UserFormInput {
  return {
    username: user?.username ?? '',
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    age: user?.age === null || user?.age === undefined ? '' : String(user.age),
    address: user?.address ?? '',
    id_number: user?.id_number ?? '',
    dob: user?.dob ?? '',
    designation: user?.designation ?? '',
    organisation: user?.organisation ?? '',
    // No default role when creating: who gets which role is a choice to make on purpose.
    role: user?.role ?? ('' as Role),
    booth_access: user?.booth_access ?? [],
    password: '',
    is_active: user?.is_active ?? true,
  };
}

interface UserFormDialogProps {
  actor: User;
  user?: User;
  onClose: () => void;
}

export function UserFormDialog({ actor, user: opened, onClose }: UserFormDialogProps) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const formMessage = useFormMessage();
  // The user the edit starts from: the one opened, or the newer one after a conflict.
  const [user, setUser] = useState(opened);
  const formElement = useRef<HTMLFormElement>(null);
  const editing = user !== undefined;
  const editingSelf = editing && user.id === actor.id;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UserFormInput, unknown, UserFormData>({
    resolver: zodResolver(editing ? editFormSchema : createFormSchema),
    defaultValues: defaultValues(user),
  });
  const conflict = useEditConflict({ record: user, setRecord: setUser, fields: PROFILE_FIELDS, toValues: defaultValues, form: { reset, getValues }, formElement });

  // The roles this actor may give, plus the user's current one so the select can show it.
  const assignable = assignableRoles(actor.role);
  const roleOptions = user && !assignable.includes(user.role) ? [...assignable, user.role] : assignable;

  const onSubmit = handleSubmit(async (values) => {
    const { password, is_active, ...profile } = values;
    try {
      if (editing) {
        await updateUser.mutateAsync({ id: user.id, data: { ...profile, is_active, version: user.version } });
        toast.success(t('users.updated'));
      } else {
        await createUser.mutateAsync({ ...profile, password });
        toast.success(t('users.created'));
      }
      onClose();
    } catch (error) {
      if (!conflict.caught(error)) showServerFieldErrors(error, setError, Object.keys(editFormSchema.shape));
      toast.error(errorMessage(error, t('users.operationFailed')));
    }
  });

  const conflictRows = conflict.changes.map((change) => ({
    key: change.field,
    label: t(`users.fields.${PROFILE_LABELS[change.field]}`),
    theirs: change.field === 'role' && conflict.current ? t(`roles.${conflict.current.role}`) : change.theirs,
    yours: change.yours,
    alsoYours: change.alsoYours,
  }));

  return (
    <Modal
      open
      size="lg"
      title={editing ? t('users.editUser') : t('users.addUser')}
      onClose={onClose}
      footer={
        <DialogFormFooter formId={FORM_ID} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? t('users.saving') : editing ? t('users.update') : t('users.create')}
        </DialogFormFooter>
      }
    >
      <form ref={formElement} id={FORM_ID} onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {conflict.current && (
          <div className="sm:col-span-2">
            <EditConflictPanel rows={conflictRows} busy={isSubmitting} onReapply={conflict.reapplyMine} onDiscard={conflict.loadTheirs} />
          </div>
        )}
        <FormField label={t('users.fields.username')} error={errors.username?.message} hint={t('users.hints.username')} required>
          <input type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} className={inputClassName} {...register('username')} />
        </FormField>
        <FormField label={t('users.fields.fullName')} error={errors.full_name?.message} required>
          <input type="text" autoComplete="off" className={inputClassName} {...register('full_name')} />
        </FormField>
        <FormField label={t('users.fields.email')} error={errors.email?.message}>
          <input type="email" autoComplete="off" className={inputClassName} {...register('email')} />
        </FormField>
        <FormField label={t('users.fields.mobile')} error={errors.mobile?.message} hint={t('users.hints.mobile')} required>
          <input type="tel" inputMode="numeric" autoComplete="off" maxLength={10} className={inputClassName} {...register('mobile')} />
        </FormField>
        {!editing && (
          <FormField label={t('users.fields.password')} error={errors.password?.message} required>
            <input type="password" autoComplete="new-password" className={inputClassName} {...register('password')} />
          </FormField>
        )}
        <FormField label={t('users.fields.role')} error={errors.role?.message} hint={editingSelf ? t('users.hints.ownRole') : undefined} required>
          <select className={inputClassName} disabled={editingSelf} {...register('role')}>
            <option value="">{t('users.selectRole')}</option>
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('users.fields.age')} error={errors.age?.message}>
          <input type="number" inputMode="numeric" min={18} max={100} className={inputClassName} {...register('age')} />
        </FormField>
        <FormField label={t('users.fields.dob')} error={errors.dob?.message}>
          <input type="date" className={inputClassName} {...register('dob')} />
        </FormField>
        <FormField label={t('users.fields.idNumber')} error={errors.id_number?.message}>
          <input type="text" autoComplete="off" className={inputClassName} {...register('id_number')} />
        </FormField>
        <FormField label={t('users.fields.designation')} error={errors.designation?.message}>
          <select className={inputClassName} {...register('designation')}>
            <option value="">{t('users.selectOption')}</option>
            {/* Stored in Devanagari (spec section 3); in English shown so with the English in
                brackets, in another language by its name in that language. */}
            {DESIGNATIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {names.lang === 'en' ? `${option.value} (${option.en})` : names.name('designations', option.value)}
              </option>
            ))}
          </select>
        </FormField>
        {/* Full width only when the password field makes the two-column grid odd. */}
        <FormField label={t('users.fields.organisation')} error={errors.organisation?.message} className={editing ? undefined : 'sm:col-span-2'}>
          <select className={inputClassName} {...register('organisation')}>
            <option value="">{t('users.selectOption')}</option>
            {names.options('organisations').map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('users.fields.address')} error={errors.address?.message} className="sm:col-span-2">
          <textarea rows={2} className={inputClassName} {...register('address')} />
        </FormField>
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="booth_access"
            render={({ field, fieldState }) => (
              <BoothAccessPicker label={t('users.fields.boothAccess')} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </div>
        {editing && (
          <Controller
            control={control}
            name="is_active"
            render={({ field, fieldState }) => (
              <div className="sm:col-span-2">
                <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3">
                  <div>
                    <p id="user-active-label" className="text-sm font-medium text-slate-700">
                      {t('users.fields.isActive')}
                    </p>
                    <p className="text-xs text-slate-500">{t('users.hints.isActive')}</p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={field.value}
                    aria-labelledby="user-active-label"
                    disabled={editingSelf}
                    onClick={() => field.onChange(!field.value)}
                    className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
                      field.value ? 'bg-green-600' : 'bg-slate-300'
                    }`}
                  >
                    <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${field.value ? 'translate-x-5' : 'translate-x-0.5'}`} />
                  </button>
                </div>
                {fieldState.error && <p className="mt-1 text-sm text-red-600">{formMessage(fieldState.error.message)}</p>}
              </div>
            )}
          />
        )}
      </form>
      {editing && !editingSelf && <SetPasswordSection user={user} />}
      {editing && !editingSelf && actor.role === 'Super Admin' && <ResetTwoFactorSection user={user} />}
    </Modal>
  );
}
