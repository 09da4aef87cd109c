import type { ReactNode } from 'react';
import { Spinner } from './spinner';

// The states a list page shows before its rows: loading (a spinner with a label for screen
// readers) and empty (a title and an optional hint in a dashed frame).
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-10 text-blue-900" role="status">
      <Spinner className="h-8 w-8" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function ListEmpty({ title, hint }: { title: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="font-medium text-slate-700">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-500">{hint}</p>}
    </div>
  );
}
