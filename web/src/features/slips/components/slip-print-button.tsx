import { Printer } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { SlipFormat, SlipLanguage } from '@shared/slips/slip-schema';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api-client';
import { downloadSlips } from '../api/slip-files';
import { SlipOptionFields } from './slip-option-fields';

export interface SlipPrintButtonProps {
  // The slips' address under /api: /slips/voters/1, /slips/households/2, /slips/booths/3, /slips/search.
  path: string;
  // More of the query: the search's filters.
  query?: Record<string, string>;
  // A booth's roll pages: offers the whole booth or one page.
  pages?: number;
  hint?: string;
  variant?: 'primary' | 'secondary';
  compact?: boolean;
}

// "Voter slips": choose the language (Marathi first) and the format, then download the PDF.
export function SlipPrintButton({ path, query = {}, pages, hint, variant = 'secondary', compact = false }: SlipPrintButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<SlipLanguage>('mr');
  const [format, setFormat] = useState<SlipFormat>('a4');
  const [page, setPage] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { what: useId() };

  const download = async () => {
    setBusy(true);
    try {
      const { leftOut } = await downloadSlips(path, { ...query, lang, format, ...(page ? { page } : {}) });
      // Issue 61: no slip for a deceased voter; the print says how many it left out.
      toast.success(leftOut > 0 ? `${t('slips.downloaded')}. ${t('slips.leftOut', { count: leftOut })}` : t('slips.downloaded'));
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error, t('slips.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} className={compact ? 'min-h-10 px-3' : 'min-h-10'} onClick={() => setOpen(true)}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        {t('slips.button')}
      </Button>
      <Modal
        open={open}
        title={t('slips.title')}
        size="sm"
        onClose={() => setOpen(false)}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" className="min-h-11" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button className="min-h-11" busy={busy} onClick={() => void download()}>
              {t('slips.download')}
            </Button>
          </div>
        }
      >
        <div className="space-y-4">
          {hint && <p className="text-sm text-slate-600">{hint}</p>}
          {pages !== undefined && pages > 0 && (
            <div>
              <label htmlFor={ids.what} className="mb-1 block text-sm font-medium text-slate-700">
                {t('slips.what')}
              </label>
              <select id={ids.what} className={`${inputClassName} min-h-11`} value={page} onChange={(event) => setPage(event.target.value)}>
                <option value="">{t('slips.wholeBooth')}</option>
                {Array.from({ length: pages }, (_, index) => (
                  <option key={index + 1} value={String(index + 1)}>
                    {t('slips.rollPage')} {index + 1}
                  </option>
                ))}
              </select>
            </div>
          )}
          <SlipOptionFields lang={lang} format={format} onLangChange={setLang} onFormatChange={setFormat} />
        </div>
      </Modal>
    </>
  );
}
