import type { ReactNode } from 'react';

export interface CountListItem {
  key: string;
  label: ReactNode;
  value: string;
}

// A titled card listing labels with their counts (the analytics lists of spec section 2).
export function CountList({ id, title, items }: { id: string; title: string; items: CountListItem[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {items.map((item) => (
          <li key={item.key} className="flex justify-between gap-3 py-2">
            <span className="text-slate-800">{item.label}</span>
            <span className="text-slate-700">{item.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
