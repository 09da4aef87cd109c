import { useEffect, useRef } from 'react';
import { Toaster } from 'react-hot-toast';

// A modal <dialog> sits in the browser's top layer, above every z-index, so a toast shown while
// one is open (a refused save, "Save & add another") would sit dimmed under its backdrop. The
// toasts live in a manual popover instead, also in the top layer, raised above each dialog as it
// opens. (Not inside the dialog: its field errors say the same words, and say them once.)
const raisers = new Set<() => void>();

export function raiseToasts() {
  for (const raise of raisers) raise();
}

export function PageToaster() {
  const layerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer || typeof layer.showPopover !== 'function') return;
    const raise = () => {
      if (layer.matches(':popover-open')) layer.hidePopover();
      layer.showPopover();
    };
    raise();
    raisers.add(raise);
    return () => {
      raisers.delete(raise);
      if (layer.matches(':popover-open')) layer.hidePopover();
    };
  }, []);
  return (
    <div ref={layerRef} popover="manual" className="m-0 overflow-visible border-0 bg-transparent p-0">
      {/* Top-right, with react-hot-toast's default durations, which are the spec's. */}
      <Toaster position="top-right" />
    </div>
  );
}
