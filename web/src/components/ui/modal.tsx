import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButtonClassName } from './button';
import { raiseToasts } from './toast-layer';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  // A form that holds its own footer replaces the scrolling body's padding and layout.
  bodyClassName?: string;
}

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' };

// A dialog that fills a phone screen's width from the bottom and centres on larger ones.
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({ title, onClose, children, footer, size = 'md', bodyClassName = 'flex-1 overflow-y-auto px-5 py-4' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest onClose, so the dialog opens once however often the caller re-renders.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal makes the rest of the page inert: focus stays inside until the dialog closes.
    dialog.showModal();
    raiseToasts();
    // Escape fires `cancel`: keep the dialog open and close it the way the close button does,
    // so the caller's close logic (resetting a form, clearing state) always runs.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Chrome closes anyway on a second Escape without other input in between; follow it.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      // Back to where the user was, e.g. the row's edit button.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className={`mx-0 mt-auto mb-0 max-h-[100dvh] w-full max-w-full flex-col bg-white p-0 shadow-xl backdrop:bg-slate-900/60 open:flex sm:m-auto sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:rounded-xl ${SIZES[size]}`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button type="button" onClick={onClose} className={`${iconButtonClassName} -my-2 -mr-2 text-slate-500 hover:bg-slate-100`} aria-label={t('common.close')}>
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div className={bodyClassName}>{children}</div>
      {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
    </dialog>
  );
}
