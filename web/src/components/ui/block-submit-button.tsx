import { Spinner } from './spinner';

interface BlockSubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
}

// The full-width submit button of the sign-in card (password step and two-factor step).
export function BlockSubmitButton({ busy, label, busyLabel }: BlockSubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-900 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
    >
      {busy && <Spinner className="h-4 w-4" />}
      {busy ? busyLabel : label}
    </button>
  );
}
