import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';

// A modal <dialog> sits in the browser's top layer, above every z-index, and makes the page
// behind it inert. A toast shown while one is open (a refused save, "Save & add another") must
// render inside the topmost dialog, or it sits dimmed and unannounced under the backdrop.
// Only one Toaster is mounted at a time, so each toast is in the page once.
const PAGE_LAYER = 'page';
let layers: readonly string[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setLayers(next: readonly string[]) {
  layers = next;
  for (const listener of listeners) listener();
}

// `layer` is where toasts go while it is the newest one open; the page is always the bottom one.
// Without a page outlet (a component rendered alone in a test) no dialog shows toasts either.
export function ToastOutlet({ layer }: { layer: string }) {
  useEffect(() => {
    setLayers(layer === PAGE_LAYER ? [layer, ...layers] : [...layers, layer]);
    return () => setLayers(layers.filter((open) => open !== layer));
  }, [layer]);
  const onTop = useSyncExternalStore(subscribe, () => layers.includes(PAGE_LAYER) && layers.at(-1) === layer);
  // Top-right, with react-hot-toast's default durations, which are the spec's.
  return onTop ? <Toaster position="top-right" /> : null;
}

export function PageToaster() {
  return <ToastOutlet layer={PAGE_LAYER} />;
}
