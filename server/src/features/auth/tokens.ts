import { errors, jwtVerify, SignJWT } from 'jose';

// The token only names a server-side session; the session row decides whether it is
// still valid, so logout and deactivation take effect at once.
const ALGORITHM = 'HS256';
const ISSUER = 'voter-management-system';

export interface TokenClaims {
  sid: string;
  sub: string;
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        return { sid: payload.sid, sub: payload.sub };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
