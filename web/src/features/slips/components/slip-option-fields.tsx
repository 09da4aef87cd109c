import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIP_FORMATS, SLIP_LANGUAGES, type SlipFormat, type SlipLanguage } from '@shared/slips/slip-schema';
import { inputClassName } from '@web/components/ui/form-field';

// The slip's language and paper, chosen the same way for one voter's slips and for the
// constituency's job.
export function SlipOptionFields({
  lang,
  format,
  onLangChange,
  onFormatChange,
  disabled = false,
}: {
  lang: SlipLanguage;
  format: SlipFormat;
  onLangChange: (lang: SlipLanguage) => void;
  onFormatChange: (format: SlipFormat) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const ids = { lang: useId(), format: useId() };
  return (
    <>
      <div>
        <label htmlFor={ids.lang} className="mb-1 block text-sm font-medium text-slate-700">
          {t('slips.language')}
        </label>
        <select id={ids.lang} className={`${inputClassName} min-h-11`} value={lang} disabled={disabled} onChange={(event) => onLangChange(event.target.value as SlipLanguage)}>
          {SLIP_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`slips.languages.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.format} className="mb-1 block text-sm font-medium text-slate-700">
          {t('slips.format')}
        </label>
        <select id={ids.format} className={`${inputClassName} min-h-11`} value={format} disabled={disabled} onChange={(event) => onFormatChange(event.target.value as SlipFormat)}>
          {SLIP_FORMATS.map((code) => (
            <option key={code} value={code}>
              {t(`slips.${code}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
