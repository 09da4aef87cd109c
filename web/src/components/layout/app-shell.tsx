import { Menu } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useApplyLanguage, useApplySettings, useAppSettings } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';
import { Sidebar } from './sidebar';

// Spec section 2, "App shell": sidebar (a slide-over with an overlay on small screens)
// and a header with the welcome line and the notification bell.
// The bell and the account actions come from the app layer (router) so layout never imports a feature.
export function AppShell({ bell, account }: { bell?: ReactNode; account?: ReactNode }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // Spec section 2: the default name until the app_name setting has loaded.
  const appName = useApplySettings(useAppSettings(), t('app.defaultName'));
  useApplyLanguage();
  if (!user) return null;
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50">
      <aside className="hidden lg:flex lg:shrink-0">
        <Sidebar user={user} appName={appName} onNavigate={closeMenu} onLogout={() => void logout()} account={account} />
      </aside>
      {menuOpen && (
        <div className="fixed inset-0 z-40 flex lg:hidden" role="dialog" aria-modal="true" aria-label={t('menu.label')}>
          <button type="button" data-testid="sidebar-overlay" className="fixed inset-0 bg-slate-900/60" aria-label={t('menu.close')} onClick={closeMenu} />
          <div className="relative z-50 flex">
            <Sidebar user={user} appName={appName} onNavigate={closeMenu} onLogout={() => void logout()} onClose={closeMenu} account={account} />
          </div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button type="button" className="rounded p-2 text-slate-600 hover:bg-slate-100 lg:hidden" onClick={() => setMenuOpen(true)} aria-label={t('menu.open')}>
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-700 sm:text-base">{t('header.welcome', { name: user.full_name })}</p>
          {bell}
        </header>
        <main className="min-w-0 flex-1 overflow-y-auto p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
