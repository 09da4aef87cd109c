import type { User } from '@shared/users/user-schema';

// The signed-in user, kept beside the token (issue 21): the app opened without a connection knows
// who it is for, and a warm start shows the user's screens at once while /auth/me checks the
// token (lib/session.tsx). It goes with the token.
const USER_KEY = 'session-user';

export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Private mode without storage: the session still holds until the page is closed.
  }
}

export function rememberedUser(): User | null {
  try {
    const text = localStorage.getItem(USER_KEY);
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}
