import { useTranslation } from 'react-i18next';
import type { ChaseBooths } from '@shared/poll/poll-schema';
import { NobodyToChase } from './nobody-to-chase';

// Booths by how many supporters have not voted yet, most first; a booth opens its list.
export function ChaseBoothsTable({ booths, supporters, onOpen }: { booths: ChaseBooths['booths']; supporters: number; onOpen: (boothId: number) => void }) {
  const { t } = useTranslation();
  if (booths.length === 0) return <NobodyToChase supporters={supporters} />;
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{t('pollDay.chase.booths')}</h2>
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="px-4 py-2 font-medium">{t('pollDay.turnout.booth')}</th>
            <th className="px-4 py-2 text-right font-medium">{t('pollDay.chase.out')}</th>
            <th className="px-4 py-2 text-right font-medium">{t('pollDay.chase.supporters')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {booths.map((booth) => (
            <tr key={booth.id}>
              <td className="px-4 py-1">
                <button type="button" className="min-h-11 font-medium text-blue-900 hover:underline" aria-label={t('pollDay.chase.open', { booth: booth.label })} onClick={() => onOpen(booth.id)}>
                  {booth.label}
                </button>
              </td>
              <td className="px-4 py-1 text-right font-semibold text-red-700">{booth.out}</td>
              <td className="px-4 py-1 text-right">{booth.supporters}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
