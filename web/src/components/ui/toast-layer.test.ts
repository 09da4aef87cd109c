import { describe, expect, it } from 'vitest';
import { staleErrorToasts } from './toast-layer';

const shown = (id: string, type: 'success' | 'error' | 'blank', message: string, createdAt: number, visible = true) => ({ id, type, message, createdAt, visible });

describe('staleErrorToasts', () => {
  it('should mark an error toast stale when a success toast came after it', () => {
    expect(staleErrorToasts([shown('ok', 'success', 'Login successful!', 2), shown('bad', 'error', 'Invalid username or password', 1)])).toEqual(['bad']);
  });

  it('should keep an error toast that came after the success toast', () => {
    expect(staleErrorToasts([shown('bad', 'error', 'Save failed', 3), shown('ok', 'success', 'Saved', 2)])).toEqual([]);
  });

  it('should keep only the newest of error toasts with the same message', () => {
    const toasts = [shown('c', 'error', 'Invalid username or password', 3), shown('b', 'error', 'Invalid username or password', 2), shown('a', 'error', 'Invalid username or password', 1), shown('x', 'error', 'Other', 1)];
    expect(staleErrorToasts(toasts).sort()).toEqual(['a', 'b']);
  });

  it('should ignore toasts already dismissed and order equal times by the store (newest first)', () => {
    expect(staleErrorToasts([shown('ok', 'success', 'Saved', 5, false), shown('bad', 'error', 'Oops', 1)])).toEqual([]);
    expect(staleErrorToasts([shown('new', 'error', 'Oops', 1), shown('old', 'error', 'Oops', 1)])).toEqual(['old']);
  });
});
