import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@shared/auth/roles';
import { inputClassName } from '@web/components/ui/form-field';
import { SearchInput } from '@web/components/ui/search-input';
import { ROLE_FILTER_OPTIONS } from '../filter-users';

interface UserFiltersProps {
  search: string;
  role: Role | '';
  onSearchChange: (value: string) => void;
  onRoleChange: (value: Role | '') => void;
}

export function UserFilters({ search, role, onSearchChange, onRoleChange }: UserFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <SearchInput value={search} onChange={onSearchChange} placeholder={t('users.searchPlaceholder')} label={t('users.searchLabel')} className="pl-9" />
      </div>
      <select
        value={role}
        onChange={(event) => onRoleChange(event.target.value as Role | '')}
        aria-label={t('users.roleFilterLabel')}
        className={`${inputClassName} sm:w-48`}
      >
        <option value="">{t('users.allRoles')}</option>
        {ROLE_FILTER_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`roles.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
