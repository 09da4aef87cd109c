import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'ghost-danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-900 text-white hover:bg-blue-800 disabled:bg-blue-900/60',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-60',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
  ghost: 'text-slate-600 hover:bg-slate-100 disabled:opacity-50',
  // A quiet destructive action (a card's Delete): red text, no fill. Its own variant, since a
  // colour class passed in beside ghost's would race it in the stylesheet's order.
  'ghost-danger': 'text-red-600 hover:bg-red-50 disabled:opacity-50',
};

// A button holding only an icon: 44 × 44 px, the smallest target a thumb hits reliably
// (issue 21; WCAG 2.5.5). Colours and hover come from the caller.
export const iconButtonClassName = 'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className = '', children, disabled, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 sm:min-h-0 text-sm font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    >
      {busy && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
