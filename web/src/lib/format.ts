// Shared display helpers: today's date for page titles, and audit action names made
// readable (spec section 2: underscores to spaces, title case; LOGIN_FAILED reads Login Failed).
export function formatToday(locale = 'en-IN', now = new Date()): string {
  return now.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export function humaniseAction(action: string): string {
  return action
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
