import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface DialogFormFooterProps {
  // The id of the form in the dialog's body: the submit button sits outside it, in the footer.
  formId: string;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}

// Cancel and submit, for a modal whose footer submits the form in its body.
export function DialogFormFooter({ formId, busy, onCancel, children }: DialogFormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} busy={busy}>
        {children}
      </Button>
    </>
  );
}
