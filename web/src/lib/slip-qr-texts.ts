import { useTranslation } from 'react-i18next';
import { SLIP_QR_TEXTS } from '@web/locales/slip-qr-texts';
import { i18n } from './i18n';

// The texts of slips' QR codes (namespace 'slipQr', issue 61), added when the poll-day scan or
// the voter dialog's slip section loads; not in the first download (lib/ so the poll and slips
// features share it without importing each other).
for (const [language, texts] of Object.entries(SLIP_QR_TEXTS)) {
  if (!i18n.hasResourceBundle(language, 'slipQr')) i18n.addResourceBundle(language, 'slipQr', texts);
}

export function useSlipQrTranslation() {
  return useTranslation('slipQr');
}
