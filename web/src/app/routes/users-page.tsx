import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Role } from '@shared/auth/roles';
import type { User } from '@shared/users/user-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useDeleteUser } from '@web/features/users/api/delete-user';
import { useUsers } from '@web/features/users/api/get-users';
import { UserFilters } from '@web/features/users/components/user-filters';
import { UserFormDialog } from '@web/features/users/components/user-form-dialog';
import { UsersTable } from '@web/features/users/components/users-table';
import { filterUsers, parseRoleFilter } from '@web/features/users/filter-users';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

// /users (spec section 2). The search and role filter live in the query string.
export function UsersPage() {
  const { t } = useTranslation();
  const { user: actor } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = parseRoleFilter(params.get('role'));
  const users = useUsers();
  const deleteUser = useDeleteUser();
  // undefined: closed; null: adding; a user: editing that user.
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);

  useEffect(() => {
    if (users.isError) toast.error(errorMessage(users.error, t('users.fetchFailed')), { id: 'users-fetch-failed' });
  }, [users.isError, users.error, t]);

  const visible = useMemo(() => filterUsers(users.data ?? [], search, role), [users.data, search, role]);

  const setFilter = (key: 'search' | 'role', value: string) => {
    setParams(
      // From the address bar, not the updater's argument: React Router hands every update made
      // before the next render the same params, so clearing the search and then choosing a role
      // at once brought the old search back.
      () => {
        const next = new URLSearchParams(window.location.search);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      toast.success(t('users.deleted'));
    } catch (error) {
      // The server's message comes first, e.g. "You cannot delete yourself." (spec section 8).
      toast.error(errorMessage(error, t('users.deleteFailed')));
    }
    setDeleting(null);
  };

  if (!actor) return null;
  return (
    <div>
      <PageHeader title={t('users.title')}>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('users.addUser')}
        </Button>
      </PageHeader>
      <UserFilters search={search} role={role} onSearchChange={(value) => setFilter('search', value)} onRoleChange={(value: Role | '') => setFilter('role', value)} />

      {users.isPending ? (
        <div className="flex justify-center py-16 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-10 text-center text-slate-500">{t('users.noUsers')}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-500" aria-live="polite">
            {t('users.count', { count: visible.length })}
          </p>
          <UsersTable users={visible} actor={actor} onEdit={setEditing} onDelete={setDeleting} />
        </>
      )}

      {editing !== undefined && <UserFormDialog key={editing?.id ?? 'new'} actor={actor} user={editing ?? undefined} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { name: deleting?.full_name ?? '' })}
        busy={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
