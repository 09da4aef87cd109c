import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

describe('createTokenSigner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should refuse a token when its expiry passed after an earlier check let it through', async () => {
    vi.useFakeTimers({ now: new Date('2029-10-20T07:00:00Z'), toFake: ['Date'] });
    const signer = createTokenSigner('a-secret-of-thirty-two-characters!');
    const token = await signer.sign({ sid: 'session-1', sub: '7' }, new Date('2029-10-20T08:00:00Z'));
    expect(await signer.verify(token)).toEqual({ sid: 'session-1', sub: '7' });
    expect(await signer.verify(token)).toEqual({ sid: 'session-1', sub: '7' });
    vi.setSystemTime(new Date('2029-10-20T08:00:01Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('should refuse a token when it was signed with another secret, whatever was checked before', async () => {
    const signer = createTokenSigner('a-secret-of-thirty-two-characters!');
    const other = createTokenSigner('another-secret-of-thirty-two-chars');
    const token = await other.sign({ sid: 'session-2', sub: '8' }, new Date(Date.now() + 3_600_000));
    expect(await other.verify(token)).toEqual({ sid: 'session-2', sub: '8' });
    expect(await signer.verify(token)).toBeNull();
    expect(await signer.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});
