// Audit action names made readable (spec section 2: underscores to spaces, title case;
// LOGIN_FAILED reads Login Failed). Dates are written by date-format.ts.
export function humaniseAction(action: string): string {
  return action
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
