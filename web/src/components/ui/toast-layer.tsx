import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type Toast, ToastBar, Toaster, toast, useToasterStore } from 'react-hot-toast';

// A modal <dialog> sits in the browser's top layer, above every z-index, so a toast shown while
// one is open (a refused save, "Save & add another") would sit dimmed under its backdrop. The
// toasts live in a manual popover instead, also in the top layer, raised above each dialog as it
// opens. (Not inside the dialog: its field errors say the same words, and say them once.)
const raisers = new Set<() => void>();

export function raiseToasts() {
  for (const raise of raisers) raise();
}

// Error toasts that no longer say anything true (issue 25): one a later success toast has
// overtaken (a failed sign-in beside "Login successful!"), and one a later error toast repeats
// word for word (five failed sign-ins make one toast, not five). Newest first by creation time,
// the store's order (newest first) breaking ties.
export function staleErrorToasts(toasts: readonly Pick<Toast, 'id' | 'type' | 'message' | 'createdAt' | 'visible'>[]): string[] {
  const shown = toasts.map((item, index) => ({ item, index })).filter(({ item }) => item.visible);
  shown.sort((a, b) => b.item.createdAt - a.item.createdAt || a.index - b.index);
  const stale: string[] = [];
  const laterErrors = new Set<unknown>();
  let laterSuccess = false;
  for (const { item } of shown) {
    if (item.type === 'success') laterSuccess = true;
    if (item.type !== 'error') continue;
    if (laterSuccess || laterErrors.has(item.message)) stale.push(item.id);
    else laterErrors.add(item.message);
  }
  return stale;
}

// Phones (below Tailwind's sm) and wider screens place toasts differently.
const PHONE_QUERY = '(max-width: 639.98px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

// Where toasts sit, clear of navigation: on wider screens top-right (spec section 1) but below
// the 4rem header, so the bell stays in reach; on phones bottom-centre, above a dialog's footer
// buttons (about 4rem) and the phone's own bottom edge, so neither the header nor a dialog's
// title is covered.
const PLACES = {
  phone: { position: 'bottom-center', containerStyle: { bottom: 'calc(5rem + env(safe-area-inset-bottom, 0px))' } },
  wide: { position: 'top-right', containerStyle: { top: '5rem' } },
} as const;

export function PageToaster() {
  const layerRef = useRef<HTMLDivElement>(null);
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of staleErrorToasts(toasts)) toast.dismiss(id);
  }, [toasts]);
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
  const place = phone ? PLACES.phone : PLACES.wide;
  return (
    <div ref={layerRef} popover="manual" className="m-0 overflow-visible border-0 bg-transparent p-0">
      {/* react-hot-toast's default durations are the spec's. A tap or click dismisses a toast.
          data-toast-type (success, error, blank…) lets a browser test tell a toast's tone. */}
      <Toaster position={place.position} containerStyle={place.containerStyle}>
        {(item) => (
          <div data-toast-type={item.type} onClick={() => toast.dismiss(item.id)}>
            <ToastBar toast={item} position={item.position ?? place.position} />
          </div>
        )}
      </Toaster>
    </div>
  );
}
