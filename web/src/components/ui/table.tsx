import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  // Extra classes for this column's cells (alignment, width, wrapping, colour).
  className?: string;
  headerClassName?: string;
}

interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  // list: a page's main table; compact: a short table inside a panel; plain: inside a card that has its own frame.
  variant?: 'list' | 'compact' | 'plain';
  // Photos make a row tall enough already: less padding keeps more rows on screen.
  dense?: boolean;
  label?: string;
  // Where the frame shows, e.g. "hidden md:block" when a phone gets cards instead.
  className?: string;
  rowTestId?: string;
}

const VARIANTS = {
  list: {
    frame: 'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm',
    table: 'min-w-full divide-y divide-slate-200 text-left text-sm',
    head: 'bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500',
    th: 'px-4 py-3',
    row: 'hover:bg-slate-50',
    td: 'px-4 py-3',
  },
  // The headings stay in view while the rows scroll inside the panel.
  compact: {
    frame: 'max-h-96 overflow-auto rounded-lg border border-slate-200',
    table: 'w-full text-left text-sm',
    head: 'sticky top-0 bg-slate-50 text-slate-600',
    th: 'px-3 py-2 font-medium',
    row: undefined,
    td: 'px-3 py-2',
  },
  plain: {
    frame: 'overflow-x-auto',
    table: 'w-full text-left text-sm',
    head: 'border-b border-slate-200 text-slate-500',
    th: 'py-2 pr-4 font-medium last:pr-0',
    row: undefined,
    td: 'py-2 pr-4 last:pr-0',
  },
} as const;

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

// One table markup for every list: column headings as real column headers, one row per item.
export function Table<Row>({ columns, rows, rowKey, variant = 'list', dense = false, label, className, rowTestId }: TableProps<Row>) {
  const style = VARIANTS[variant];
  const td = dense && variant === 'list' ? 'px-4 py-2' : style.td;
  return (
    <div className={join(style.frame, className)}>
      <table className={style.table} aria-label={label}>
        <thead className={style.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={join(style.th, column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={style.row} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.key} className={join(td, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
