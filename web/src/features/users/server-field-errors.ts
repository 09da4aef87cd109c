import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@web/lib/api-client';

// The server names bad fields in `fields` (e.g. "booth_access.3"): put each message
// beside its input, leaving everything the user typed in place.
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = path.split('.')[0] ?? path;
    if (known.includes(name)) setError(name as FieldPath<T>, { type: 'server', message });
  }
}
