import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database, SignInLimitsTable } from '../../db/schema';
import { type AdmitInput, admitAttempt, clearAttempts, findAttempts, forgetExpiredAttempts, refundAttempt } from './sign-in-limits-repository';

// Where the sign-in limits' counters live (decision 018; decision 043 for Redis). Each method
// is atomic on its own, as the login throttle expects: the database's one upsert, or one Redis
// script.
export interface SignInLimitsStore {
  admit(db: Kysely<Database>, input: AdmitInput): Promise<boolean>;
  find(db: Kysely<Database>, key: string): Promise<SignInLimitsTable | undefined>;
  refund(db: Kysely<Database>, key: string): Promise<void>;
  clear(db: Kysely<Database>, key: string): Promise<void>;
  forgetExpired(db: Kysely<Database>, now: string): Promise<void>;
}

export const databaseSignInLimits: SignInLimitsStore = {
  admit: admitAttempt,
  find: findAttempts,
  refund: refundAttempt,
  clear: clearAttempts,
  forgetExpired: forgetExpiredAttempts,
};

// The database upsert of admitAttempt, as one Redis script: a new or expired counter starts at
// one; otherwise the attempt is admitted only past its slow-down and under its hard limit.
// Times are milliseconds; ARGV: now, expiresAt, hardMax (-1: none), sliding (1/0), then the
// schedule's (fromAttempts, blockedUntil) pairs, lowest first.
const ADMIT = `
local now = tonumber(ARGV[1])
local expiresAt = tonumber(ARGV[2])
local hardMax = tonumber(ARGV[3])
local sliding = ARGV[4] == '1'
local function blockedAfter(attempts)
  local blocked = now
  for i = 5, #ARGV, 2 do
    if attempts >= tonumber(ARGV[i]) then blocked = tonumber(ARGV[i + 1]) end
  end
  return blocked
end
local row = redis.call('HMGET', KEYS[1], 'attempts', 'blocked_until', 'expires_at')
local attempts = tonumber(row[1])
if attempts == nil or tonumber(row[3]) <= now then
  redis.call('HSET', KEYS[1], 'attempts', 1, 'blocked_until', blockedAfter(1), 'expires_at', expiresAt)
  redis.call('PEXPIREAT', KEYS[1], expiresAt)
  return 1
end
if tonumber(row[2]) > now or (hardMax >= 0 and attempts >= hardMax) then return 0 end
local expires = tonumber(row[3])
if sliding then expires = expiresAt end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'blocked_until', blockedAfter(attempts + 1), 'expires_at', expires)
redis.call('PEXPIREAT', KEYS[1], expires)
return 1
`;

const REFUND = `
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts'))
if attempts ~= nil and attempts > 0 then redis.call('HINCRBY', KEYS[1], 'attempts', -1) end
return 0
`;

// After the connection's own prefix (REDIS_KEY_PREFIX).
const PREFIX = 'sign-in:';
const iso = (ms: string | undefined) => new Date(Number(ms)).toISOString();

// Redis forgets a counter by itself when its window ends (PEXPIREAT), so forgetExpired has
// nothing to do.
export function redisSignInLimits(redis: Redis): SignInLimitsStore {
  return {
    async admit(_db, input) {
      const schedule = [...input.schedule].sort((a, b) => a.fromAttempts - b.fromAttempts).flatMap((step) => [step.fromAttempts, Date.parse(step.blockedUntil)]);
      const admitted = await redis.eval(ADMIT, 1, PREFIX + input.key, Date.parse(input.now), Date.parse(input.expiresAt), input.hardMax ?? -1, input.slidingWindow ? 1 : 0, ...schedule);
      return Number(admitted) === 1;
    },
    async find(_db, key) {
      const row = await redis.hgetall(PREFIX + key);
      if (row.attempts === undefined) return undefined;
      return { key, attempts: Number(row.attempts), blocked_until: iso(row.blocked_until), expires_at: iso(row.expires_at) };
    },
    async refund(_db, key) {
      await redis.eval(REFUND, 1, PREFIX + key);
    },
    async clear(_db, key) {
      await redis.del(PREFIX + key);
    },
    async forgetExpired() {},
  };
}
