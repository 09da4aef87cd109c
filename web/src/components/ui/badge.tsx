import type { ReactNode } from 'react';

export type BadgeColor = 'red' | 'purple' | 'blue' | 'green' | 'yellow' | 'orange' | 'gray' | 'indigo' | 'teal';

const COLORS: Record<BadgeColor, string> = {
  red: 'bg-red-100 text-red-800',
  purple: 'bg-purple-100 text-purple-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  orange: 'bg-orange-100 text-orange-800',
  gray: 'bg-slate-100 text-slate-700',
  indigo: 'bg-indigo-100 text-indigo-800',
  teal: 'bg-teal-100 text-teal-800',
};

export function Badge({ color, children }: { color: BadgeColor; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${COLORS[color]}`}>{children}</span>;
}
