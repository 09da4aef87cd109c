import { LogOut, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { User } from '@shared/users/user-schema';
import { iconButtonClassName } from '@web/components/ui/button';
import { LanguageSelect } from '@web/components/ui/language-select';
import { useSession } from '@web/lib/session';
import { isMenuItemActive, menuItemsFor } from './menu-items';

interface SidebarProps {
  user: User;
  appName: string;
  onNavigate: () => void;
  onLogout: () => void;
  onClose?: () => void;
  // Actions on one's own account (change password), handed in by the app layer.
  account?: ReactNode;
}

export function Sidebar({ user, appName, onNavigate, onLogout, onClose, account }: SidebarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { chooseLanguage } = useSession();
  return (
    <div className="flex h-full w-64 flex-col bg-blue-950 text-blue-50">
      {/* Two lines rather than an ellipsis: "Voter Manage…" beside the close button on a phone. */}
      <div className="flex min-h-16 items-center justify-between gap-2 border-b border-blue-900 px-5 py-2">
        <span className="line-clamp-2 min-w-0 text-lg leading-snug font-semibold break-words" data-testid="app-name">
          {appName}
        </span>
        {onClose && (
          <button type="button" onClick={onClose} className={`${iconButtonClassName} -mr-2 hover:bg-blue-900 lg:hidden`} aria-label={t('menu.close')}>
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        )}
      </div>
      <nav aria-label={t('menu.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {menuItemsFor(user.role).map((item) => {
            const active = isMenuItemActive(item, location.pathname, location.search);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors lg:min-h-0 ${
                    active ? 'bg-white text-blue-950 shadow' : 'text-blue-100 hover:bg-blue-900'
                  }`}
                >
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {t(item.labelKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-blue-900 p-4">
        <p className="truncate text-sm font-semibold" data-testid="sidebar-user-name">
          {user.full_name}
        </p>
        <p className="text-xs text-blue-300" data-testid="sidebar-user-role">
          {t(`roles.${user.role}`)}
        </p>
        <LanguageSelect tone="dark" className="mt-3 text-blue-100" onChange={(language) => void chooseLanguage(language)} />
        {account}
        <button
          type="button"
          onClick={onLogout}
          className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg bg-blue-900 px-3 py-2 text-sm font-medium hover:bg-blue-800"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {t('logout.action')}
        </button>
        <p className="mt-3 text-center text-[11px] text-blue-400">{t('app.developerCredit')}</p>
      </div>
    </div>
  );
}
