import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useApplyLanguage, useApplySettings, useAppSettings } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';
import { useMediaQuery } from '@web/lib/use-media-query';
import { iconButtonClassName } from '@web/components/ui/button';
import { Sidebar } from './sidebar';

// Spec section 2, "App shell": sidebar (a slide-over with an overlay on small screens)
// and a header with the welcome line and the notification bell.
// The bell and the account actions come from the app layer (router) so layout never imports a feature.
export function AppShell({ bell, account }: { bell?: ReactNode; account?: ReactNode }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const wideScreen = useMediaQuery('(min-width: 1024px)');
  const listPage = new URLSearchParams(location.search).get('page');
  // Spec section 2: the default name until the app_name setting has loaded.
  const appName = useApplySettings(useAppSettings(), t('app.defaultName'));
  useApplyLanguage();

  // Escape closes the slide-over menu (issue 21); focus goes back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    // Into the menu as it opens, so a keyboard or screen reader user is where they asked to be.
    menuPanel.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // A new screen or a new page of a list (the `page` in the address, STYLE.md "the URL is
  // state") starts at its top: Next at the bottom of a list must not land at the bottom of the next.
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
  }, [location.pathname, listPage]);

  if (!user) return null;
  const closeMenu = () => {
    if (!menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50">
      {/* Tailwind's lg: the sidebar from there; a phone builds only the slide-over, when opened. */}
      {wideScreen !== false && (
        <aside className="hidden lg:flex lg:shrink-0">
          <Sidebar user={user} appName={appName} onNavigate={closeMenu} onLogout={() => void logout()} account={account} />
        </aside>
      )}
      {menuOpen && (
        <div className="fixed inset-0 z-40 flex lg:hidden" role="dialog" aria-modal="true" aria-label={t('menu.label')}>
          <button type="button" data-testid="sidebar-overlay" className="fixed inset-0 bg-slate-900/60" aria-label={t('menu.close')} onClick={closeMenu} />
          <div ref={menuPanel} className="relative z-50 flex">
            <Sidebar user={user} appName={appName} onNavigate={closeMenu} onLogout={() => void logout()} onClose={closeMenu} account={account} />
          </div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button ref={menuButton} type="button" className={`${iconButtonClassName} -ml-2 text-slate-600 hover:bg-slate-100 lg:hidden`} onClick={() => setMenuOpen(true)} aria-label={t('menu.open')}>
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-700 sm:text-base">{t('header.welcome', { name: user.full_name })}</p>
          {bell}
        </header>
        <main ref={mainRef} className="min-w-0 flex-1 overflow-y-auto p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
