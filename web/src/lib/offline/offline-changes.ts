// Who is told when the phone's copy or its outbox changed (the header count, open lists).
type Listener = () => void;
const listeners = new Set<Listener>();
let revision = 0;

export function offlineChanged(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeOffline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineRevision(): number {
  return revision;
}
