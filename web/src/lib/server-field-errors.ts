import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

// The server names bad fields in `fields` (e.g. "booth_access.3"): put each message beside its
// input, leaving everything the user typed in place. Fields the form does not have are skipped
// (the toast still carries the message). Returns the fields marked, in the server's order.
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): FieldPath<T>[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const marked: FieldPath<T>[] = [];
  for (const [path, message] of Object.entries(error.fields)) {
    const name = path.split('.')[0] ?? path;
    if (!known.includes(name)) continue;
    setError(name as FieldPath<T>, { type: 'server', message });
    marked.push(name as FieldPath<T>);
  }
  return marked;
}
