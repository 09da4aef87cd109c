import { useTranslation } from 'react-i18next';
import { useAppSettings } from '@web/lib/app-settings';
import { dateLocale } from '@web/lib/date-format';

// The time of a mark, in the office timezone, as "09:42".
export function usePollTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const { timezone } = useAppSettings();
  const format = new Intl.DateTimeFormat(dateLocale(i18n.language), { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' });
  return (iso: string) => format.format(new Date(iso));
}

export const percentOf = (part: number, whole: number): string => (whole > 0 ? ((part * 100) / whole).toFixed(1) : '0.0');
