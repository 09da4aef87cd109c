import { describe, expect, it } from 'vitest';
import { processCount } from './process-role';

describe('processCount', () => {
  it('should use one process per core when APP_WORKERS is unset', () => {
    expect(processCount({}, 4)).toBe(4);
  });

  it('should prefer APP_WORKERS to WEB_CONCURRENCY when both are set', () => {
    expect(processCount({ APP_WORKERS: '1', WEB_CONCURRENCY: '3' }, 4)).toBe(1);
    expect(processCount({ WEB_CONCURRENCY: '3' }, 4)).toBe(3);
  });

  it('should refuse a count that is not a positive whole number when one is set', () => {
    expect(() => processCount({ APP_WORKERS: '0' }, 2)).toThrow(/APP_WORKERS must be a positive whole number/);
    expect(() => processCount({ APP_WORKERS: 'all' }, 2)).toThrow(/APP_WORKERS must be a positive whole number/);
  });
});
