import { useTranslation } from 'react-i18next';

// An empty chase list: every supporter voted (good news), or none is recorded yet (issue 56:
// "every supporter has voted" was said of booths with no supporter at all).
export function NobodyToChase({ supporters }: { supporters: number }) {
  const { t } = useTranslation();
  if (supporters === 0) return <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t('pollDay.chase.noSupporters')}</p>;
  return <p className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">{t('pollDay.chase.none')}</p>;
}
