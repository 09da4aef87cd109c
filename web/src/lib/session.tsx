import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { LoginResponse } from '@shared/auth/auth-schemas';
import type { LoginOrChallenge, TwoFactorChallenge, TwoFactorLoginResponse } from '@shared/auth/two-factor-schemas';
import type { Language } from '@shared/i18n/languages';
import type { User } from '@shared/users/user-schema';
import { apiRequest, errorMessage, getStoredToken, isNetworkError, setUnauthorizedHandler, storeToken } from './api-client';
import { i18n } from './i18n';
import { applyLanguage } from './language';
import { clearOfflineCopy, clearOfflineData, pendingCount } from './offline/offline-api';
import { rememberedUser, rememberUser } from './remembered-user';

// The session of spec section 4: loading while the stored token is checked, the user
// once /auth/me answers, nothing (and no token) when it fails. A phone that knows the user
// behind its token (kept beside it) does not wait for /auth/me (issue 21, decision 037): the
// screens and their data calls start at once while it answers; the server checks the token on
// every call, and a refused one signs out as before. Until /auth/me answers, a role check that
// would send the user away waits for it (`checking`), since the role may have changed.
// With two-factor sign-in on, the password step ends in a challenge and the code step
// signs in; right after enrolment it hands back recovery codes to show before going on.
export type LoginOutcome = { status: 'signed-in' } | { status: 'two-factor'; challenge: TwoFactorChallenge } | { status: 'failed' };
export type TwoFactorOutcome = { status: 'signed-in' } | { status: 'recovery-codes'; codes: string[]; finish: () => void } | { status: 'failed' };

interface Session {
  user: User | null;
  loading: boolean;
  // The user shown is the one remembered with the token, not yet confirmed by /auth/me.
  checking: boolean;
  login: (username: string, password: string) => Promise<LoginOutcome>;
  verifyTwoFactor: (challengeToken: string, code: string) => Promise<TwoFactorOutcome>;
  logout: () => Promise<void>;
  // After the signed-in user's own record is saved, so the sidebar shows the new name at once.
  userSaved: (saved: User) => void;
  // The interface language, at once. Signed in, it is stored on the user (it follows them to
  // any device); on the sign-in page it is stored on whoever signs in next (issue 18).
  chooseLanguage: (language: Language) => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

// Every failed sign-in (a wrong password, a slow-down, a wrong code) replaces the last one's
// toast rather than stacking under it; a success clears it (toast-layer.tsx).
const SIGN_IN_TOAST = 'sign-in-failed';

export function SessionProvider({ children }: { children: ReactNode }) {
  // The user remembered with a stored token, shown at once (checked by /auth/me below).
  const [user, setUser] = useState<User | null>(() => (getStoredToken() !== null ? rememberedUser() : null));
  // Loading only while a stored token nobody is remembered for waits for /auth/me (spec section 4).
  const [loading, setLoading] = useState(() => getStoredToken() !== null && user === null);
  const [checking, setChecking] = useState(() => getStoredToken() !== null && user !== null);

  // The phone's copy of the voters goes with the session (issue 21); changes still waiting stay
  // for the same user's next sign-in (an expired session must not lose them).
  const clear = useCallback(() => {
    storeToken(null);
    setUser(null);
    rememberUser(null);
    void clearOfflineCopy();
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(clear);
    return () => setUnauthorizedHandler(undefined);
  }, [clear]);

  useEffect(() => {
    if (!getStoredToken()) return;
    apiRequest<User>('/auth/me')
      .then((me) => {
        rememberUser(me);
        setUser(me);
      })
      .catch((error: unknown) => {
        // Opened without a connection (issue 21): the user last seen with this token goes on
        // working from the phone's copy; the server checks the token at the next call.
        const remembered = isNetworkError(error) ? rememberedUser() : null;
        if (remembered) setUser(remembered);
        else clear();
      })
      .finally(() => {
        setLoading(false);
        setChecking(false);
      });
  }, [clear]);

  // A language picked on the sign-in page before anyone was known.
  const signInChoice = useRef<Language | null>(null);

  const storeLanguage = useCallback(async (language: Language) => {
    try {
      const saved = await apiRequest<User>('/users/me/language', { method: 'PUT', body: { language } });
      // Not if they signed out meanwhile.
      setUser((current) => (current && current.id === saved.id ? saved : current));
    } catch (error) {
      toast.error(errorMessage(error, i18n.t('language.failed')));
    }
  }, []);

  const signIn = useCallback((result: LoginResponse) => {
    storeToken(result.token);
    // A choice made on the sign-in page wins over the one stored before: it is what this
    // person just did. A language only remembered by the device is not a choice and is not sent.
    const choice = signInChoice.current;
    signInChoice.current = null;
    if (choice && result.user.language !== choice) {
      setUser({ ...result.user, language: choice });
      void storeLanguage(choice);
    } else setUser(result.user);
    rememberUser(result.user);
    // Gone at once rather than fading out beside the success (other stale errors fade: toast-layer).
    toast.remove(SIGN_IN_TOAST);
    toast.success(i18n.t('login.success'));
  }, [storeLanguage]);

  const login = useCallback(
    async (username: string, password: string): Promise<LoginOutcome> => {
      try {
        const result = await apiRequest<LoginOrChallenge>('/auth/login', { method: 'POST', body: { username, password } });
        if ('twoFactorRequired' in result) return { status: 'two-factor', challenge: result };
        signIn(result);
        return { status: 'signed-in' };
      } catch (error) {
        toast.error(errorMessage(error, i18n.t('login.failed')), { id: SIGN_IN_TOAST });
        return { status: 'failed' };
      }
    },
    [signIn],
  );

  const verifyTwoFactor = useCallback(
    async (challengeToken: string, code: string): Promise<TwoFactorOutcome> => {
      try {
        const result = await apiRequest<TwoFactorLoginResponse>('/auth/login/two-factor', { method: 'POST', body: { challengeToken, code } });
        const { recoveryCodes, ...signedIn } = result;
        if (recoveryCodes?.length) return { status: 'recovery-codes', codes: recoveryCodes, finish: () => signIn(signedIn) };
        signIn(signedIn);
        return { status: 'signed-in' };
      } catch (error) {
        toast.error(errorMessage(error, i18n.t('login.failed')), { id: SIGN_IN_TOAST });
        return { status: 'failed' };
      }
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    // Signing out drops changes made offline that were not sent yet: only when the user says so.
    const waiting = await pendingCount().catch(() => 0);
    if (waiting > 0 && !window.confirm(i18n.t('offline.signOutWaiting', { count: waiting }))) return;
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch (error) {
      // Spec section 8: a failed logout call is only logged; local sign-out still happens.
      console.error('Logout failed', error);
    }
    clear();
    void clearOfflineData();
    toast.success(i18n.t('logout.success'));
  }, [clear]);

  const userSaved = useCallback((saved: User) => setUser((current) => (current && current.id === saved.id ? saved : current)), []);

  const chooseLanguage = useCallback(
    async (language: Language) => {
      applyLanguage(language);
      if (!user) {
        signInChoice.current = language;
        return;
      }
      setUser({ ...user, language });
      await storeLanguage(language);
    },
    [user, storeLanguage],
  );

  const value = useMemo(
    () => ({ user, loading, checking, login, verifyTwoFactor, logout, userSaved, chooseLanguage }),
    [user, loading, checking, login, verifyTwoFactor, logout, userSaved, chooseLanguage],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
