import { errors, jwtVerify, SignJWT } from 'jose';

// The token only names a server-side session; the session row decides whether it is
// still valid, so logout and deactivation take effect at once.
const ALGORITHM = 'HS256';
const ISSUER = 'voter-management-system';

export interface TokenClaims {
  sid: string;
  sub: string;
}

// Tokens whose signature was checked, with their expiry: the check (an HMAC through WebCrypto,
// a few percent of a poll-day mark's CPU) runs once per token rather than per request. Only
// the signature and expiry are remembered; the session behind the token is still read on every
// request, so signing out and revoking take effect at once. The oldest go first past the size.
const VERIFIED_KEPT = 5000;

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    // The algorithm is pinned: a token signed any other way (including "none") is refused.
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { sid: known.sid, sub: known.sub };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        // jose accepts a token without exp; such a token is checked every time.
        if (typeof payload.exp === 'number') {
          verified.set(token, { sid: payload.sid, sub: payload.sub, expiresAtMs: payload.exp * 1000 });
          if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
        }
        return { sid: payload.sid, sub: payload.sub };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
