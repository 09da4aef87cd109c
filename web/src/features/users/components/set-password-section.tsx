import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type SetPasswordInput, setPasswordInputSchema } from '@shared/users/user-input-schemas';
import type { User } from '@shared/users/user-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useSetUserPassword } from '../api/set-user-password';

// The edit modal's separate "set a new password" action: its own small form (forms
// cannot nest), so saving the profile never touches the password and vice versa.
export function SetPasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const setPassword = useSetUserPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordInput>({ resolver: zodResolver(setPasswordInputSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setPassword.mutateAsync({ id: user.id, data: values });
      toast.success(t('users.setPassword.success', { name: user.full_name }));
      reset();
      setOpen(false);
    } catch (error) {
      showServerFieldErrors(error, setError, ['password']);
      toast.error(errorMessage(error, t('users.setPassword.failed')));
    }
  });

  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby="set-password-title">
      <h3 id="set-password-title" className="text-sm font-semibold text-slate-900">
        {t('users.setPassword.title')}
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">{t('users.setPassword.description')}</p>
      {open ? (
        <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField label={t('users.setPassword.field')} error={errors.password?.message} className="flex-1">
            <input type="password" autoComplete="new-password" className={inputClassName} {...register('password')} />
          </FormField>
          <div className="flex gap-2 sm:mt-6">
            <Button
              variant="secondary"
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {t('users.setPassword.submit')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {t('users.setPassword.open')}
        </Button>
      )}
    </section>
  );
}
