import { Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { canEditUser, canManageRole } from '@shared/users/user-permissions';
import type { User } from '@shared/users/user-schema';
import { Badge } from '@web/components/ui/badge';
import { iconButtonClassName } from '@web/components/ui/button';
import { Table } from '@web/components/ui/table';
import { useDateFormat } from '@web/lib/use-date-format';
import { RoleBadge } from './role-badge';
import { nameInitials } from '@web/lib/name-initials';

interface UsersTableProps {
  users: readonly User[];
  actor: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

// The actions shown are the ones the server would allow. Your own row offers no delete: the
// server refuses it (400, "You cannot delete yourself."), so offering it only leads to that refusal.
function allowedActions(actor: User, user: User) {
  return { edit: canEditUser(actor, user), remove: user.id !== actor.id && canManageRole(actor.role, user.role) };
}

function useLastLogin() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (value: string | null) => (value ? dates.instantDate(value) : t('users.never'));
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Badge color={active ? 'green' : 'gray'}>{active ? t('users.active') : t('users.inactive')}</Badge>;
}

function ActionButtons({ actor, user, onEdit, onDelete }: { actor: User; user: User; onEdit: (user: User) => void; onDelete: (user: User) => void }) {
  const { t } = useTranslation();
  const allowed = allowedActions(actor, user);
  return (
    <div className="flex items-center justify-end gap-1">
      {allowed.edit && (
        <button type="button" onClick={() => onEdit(user)} className={`${iconButtonClassName} text-blue-700 hover:bg-blue-50`} aria-label={t('users.editAction', { name: user.full_name })} title={t('common.edit')}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
      {allowed.remove && (
        <button type="button" onClick={() => onDelete(user)} className={`${iconButtonClassName} text-red-600 hover:bg-red-50`} aria-label={t('users.deleteAction', { name: user.full_name })} title={t('common.delete')}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}

function UserIdentity({ user, actor }: { user: User; actor: User }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-900">
        {nameInitials(user.full_name)}
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {user.full_name}
          {user.id === actor.id && <span className="ml-2 text-xs font-normal text-slate-500">({t('users.you')})</span>}
        </p>
        <p className="truncate text-xs text-slate-500">@{user.username}</p>
      </div>
    </div>
  );
}

function Contact({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!user.mobile && !user.email) return <span className="text-slate-400">{t('users.noContact')}</span>;
  return (
    <div className="space-y-0.5 text-sm text-slate-700">
      {user.mobile && (
        <p className="flex items-center gap-1.5">
          <Phone aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
          {user.mobile}
        </p>
      )}
      {user.email && (
        <p className="flex min-w-0 items-center gap-1.5">
          <Mail aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="truncate">{user.email}</span>
        </p>
      )}
    </div>
  );
}

// A table from tablet width up; a list of cards on a phone, where six columns cannot fit.
export function UsersTable({ users, actor, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation();
  const lastLogin = useLastLogin();
  return (
    <>
      <Table
        className="hidden md:block"
        rows={users}
        rowKey={(user) => user.id}
        columns={[
          { key: 'user', header: t('users.columns.user'), className: 'max-w-64', cell: (user) => <UserIdentity user={user} actor={actor} /> },
          { key: 'role', header: t('users.columns.role'), className: 'whitespace-nowrap', cell: (user) => <RoleBadge role={user.role} /> },
          { key: 'contact', header: t('users.columns.contact'), className: 'max-w-56', cell: (user) => <Contact user={user} /> },
          { key: 'status', header: t('users.columns.status'), cell: (user) => <StatusBadge active={user.is_active} /> },
          { key: 'lastLogin', header: t('users.columns.lastLogin'), className: 'whitespace-nowrap text-slate-700', cell: (user) => lastLogin(user.last_login) },
          {
            key: 'actions',
            header: t('users.columns.actions'),
            headerClassName: 'text-right',
            cell: (user) => <ActionButtons actor={actor} user={user} onEdit={onEdit} onDelete={onDelete} />,
          },
        ]}
      />

      <ul className="space-y-3 md:hidden">
        {users.map((user) => (
          <li key={user.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="user-card">
            <div className="flex items-start justify-between gap-2">
              <UserIdentity user={user} actor={actor} />
              <ActionButtons actor={actor} user={user} onEdit={onEdit} onDelete={onDelete} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <RoleBadge role={user.role} />
              <StatusBadge active={user.is_active} />
            </div>
            <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
              <Contact user={user} />
              <p className="text-xs text-slate-500">{t('users.lastLoginShort', { date: lastLogin(user.last_login) })}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
