import { offlineChanged } from './offline-changes';

// Whether the app must ask for the PIN of the phone's copy before anything else (issue 57,
// decision 075). Read at start without loading the copy's code: localStorage names the user whose
// copy on this phone is locked with a PIN (no secret: only that the PIN screen comes first), and
// this page remembers whether the right PIN was given. (Written by offline-lock.ts, loaded with the copy.)
export const PIN_USER = 'vms-offline-pin';
let opened = false;

export function copyLockedFor(userId: number | undefined): boolean {
  if (opened || userId === undefined) return false;
  try {
    return localStorage.getItem(PIN_USER) === String(userId);
  } catch {
    return false;
  }
}

export function setCopyOpened(value: boolean): void {
  if (opened === value) return;
  opened = value;
  offlineChanged();
}
