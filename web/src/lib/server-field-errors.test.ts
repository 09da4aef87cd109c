import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { showServerFieldErrors } from './server-field-errors';

describe('showServerFieldErrors', () => {
  it('should mark each known field with its message when the server names fields', () => {
    const setError = vi.fn();
    const error = new ApiError(409, 'Username already exists', { username: 'Username already exists', 'booth_access.3': 'Choose a booth from the list' });
    expect(showServerFieldErrors(error, setError, ['username', 'booth_access'])).toEqual(['username', 'booth_access']);
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'Username already exists' });
    expect(setError).toHaveBeenCalledWith('booth_access', { type: 'server', message: 'Choose a booth from the list' });
  });

  it('should skip fields the form does not have when the server names them', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors(new ApiError(400, 'Bad', { role: 'Invalid role' }), setError, ['username'])).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });

  it('should do nothing when the error is not an API error with fields', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors(new Error('offline'), setError, ['username'])).toEqual([]);
    expect(showServerFieldErrors(new ApiError(500, 'Server error'), setError, ['username'])).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});
