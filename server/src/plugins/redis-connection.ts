import { Redis } from 'ioredis';

// The Redis that several app nodes share (REDIS_URL, decision 043): sign-in limits, rate limits
// and two-factor challenges. Unset, there is none and those live in the database (one node, or
// several nodes on one PostgreSQL: also shared, one more table write per sign-in attempt).
export function openRedis(url: string, keyPrefix: string, log: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    // ioredis puts it before every key, the rate-limit plugin's and the sign-in limits' alike.
    keyPrefix,
    // A command waits through a short outage, then fails: a sign-in answers 500 rather than
    // hanging; nothing falls back to a per-node count that a guesser could multiply.
    maxRetriesPerRequest: 2,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', log);
  return redis;
}
