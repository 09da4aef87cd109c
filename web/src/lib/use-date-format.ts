import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from './app-settings';
import { formatCalendarDate, formatDateTime, formatInstantDate, formatLongDate, officeToday } from './date-format';

// The date formatters bound to the timezone setting and the interface language; a screen
// using them redraws when either changes (useTranslation re-renders on languageChanged).
export function useDateFormat() {
  const { i18n } = useTranslation();
  const { timezone } = useAppSettings();
  const language = i18n.language;
  return useMemo(
    () => ({
      dateTime: (iso: string) => formatDateTime(iso, timezone, language),
      instantDate: (iso: string) => formatInstantDate(iso, timezone, language),
      calendarDate: (day: string) => formatCalendarDate(day, language),
      longToday: () => formatLongDate(new Date(), timezone, language),
      today: () => officeToday(timezone),
    }),
    [timezone, language],
  );
}
