// Messages between the primary and its workers (node:cluster IPC), decision 039.
export type WorkerMessage =
  // A notification was sent in a process that does not dispatch SMS: dispatch now, not at the
  // next tick of the dispatcher.
  | { type: 'sms-kick' }
  // How many imports this worker runs now.
  | { type: 'imports'; running: number };

export type PrimaryMessage = { type: 'sms-kick' } | { type: 'imports-elsewhere'; count: number };

export const ROLE_ENV = 'VMS_PROCESS_ROLE';

export function isMessage<T extends { type: string }>(value: unknown): value is T {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
