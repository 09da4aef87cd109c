import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changeOwnPasswordInputSchema } from '@shared/users/user-input-schemas';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { i18n } from '@web/lib/i18n';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useChangeOwnPassword } from '../api/change-own-password';

// The shared request schema plus a confirmation that only the form needs.
const changePasswordFormSchema = changeOwnPasswordInputSchema
  .extend({ confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, { path: ['confirm_password'], error: () => i18n.t('users.changePassword.mismatch') });
type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

// The three fields of changing one's own password, for the dialog (any time) and for the screen
// a generated or reset password opens on (issue 57). The submit button is the caller's, bound by formId.
export function ChangePasswordForm({ formId, onChanged, onBusy }: { formId: string; onChanged: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const changePassword = useChangeOwnPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    onBusy(true);
    try {
      await changePassword.mutateAsync({ current_password, new_password });
      toast.success(t('users.changePassword.success'));
      onChanged();
    } catch (error) {
      showServerFieldErrors(error, setError, ['current_password', 'new_password']);
      toast.error(errorMessage(error, t('users.changePassword.failed')));
    } finally {
      onBusy(false);
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('users.changePassword.current')} error={errors.current_password?.message} required>
        <input type="password" autoComplete="current-password" className={inputClassName} {...register('current_password')} />
      </FormField>
      <FormField label={t('users.changePassword.new')} error={errors.new_password?.message} required>
        <input type="password" autoComplete="new-password" className={inputClassName} {...register('new_password')} />
      </FormField>
      <FormField label={t('users.changePassword.confirm')} error={errors.confirm_password?.message} hint={t('users.changePassword.hint')} required>
        <input type="password" autoComplete="new-password" className={inputClassName} {...register('confirm_password')} />
      </FormField>
    </form>
  );
}
