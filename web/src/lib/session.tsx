import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { LoginResponse } from '@shared/auth/auth-schemas';
import type { User } from '@shared/users/user-schema';
import { apiRequest, errorMessage, getStoredToken, setUnauthorizedHandler, storeToken } from './api-client';
import { i18n } from './i18n';

// The session of spec section 4: loading while the stored token is checked, the user
// once /auth/me answers, nothing (and no token) when it fails.
interface Session {
  user: User | null;
  loading: boolean;
  login: (username: string, password: string) => Promise<boolean>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  // Loading only while a stored token waits for /auth/me (spec section 4).
  const [loading, setLoading] = useState(() => getStoredToken() !== null);

  const clear = useCallback(() => {
    storeToken(null);
    setUser(null);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(clear);
    return () => setUnauthorizedHandler(undefined);
  }, [clear]);

  useEffect(() => {
    if (!getStoredToken()) return;
    apiRequest<User>('/auth/me')
      .then(setUser)
      .catch(clear)
      .finally(() => setLoading(false));
  }, [clear]);

  const login = useCallback(async (username: string, password: string) => {
    try {
      const result = await apiRequest<LoginResponse>('/auth/login', { method: 'POST', body: { username, password } });
      storeToken(result.token);
      setUser(result.user);
      toast.success(i18n.t('login.success'));
      return true;
    } catch (error) {
      toast.error(errorMessage(error, i18n.t('login.failed')));
      return false;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch (error) {
      // Spec section 8: a failed logout call is only logged; local sign-out still happens.
      console.error('Logout failed', error);
    }
    clear();
    toast.success(i18n.t('logout.success'));
  }, [clear]);

  const value = useMemo(() => ({ user, loading, login, logout }), [user, loading, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
