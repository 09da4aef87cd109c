import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGE_PICKER_ORDER } from '@shared/i18n/languages';

interface LanguageSelectProps {
  onChange: (language: Language) => void;
  // Light text on the dark sidebar, dark text on a white card.
  tone?: 'dark' | 'light';
  className?: string;
}

// The language picker: each language named in its own script, so a reader finds theirs
// whatever language is on screen now. Shows the language on screen.
export function LanguageSelect({ onChange, tone = 'light', className = '' }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.language) ? i18n.language : 'en';
  const colours = tone === 'dark' ? 'border-blue-800 bg-blue-900 text-blue-50' : 'border-slate-300 bg-white text-slate-900';
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="flex items-center gap-1 text-xs font-medium">
        <Languages aria-hidden="true" className="h-4 w-4" />
        {t('language.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
        className={`min-w-0 flex-1 rounded-lg border px-2 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-blue-300 ${colours}`}
      >
        {LANGUAGE_PICKER_ORDER.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
