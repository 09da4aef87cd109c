import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Turnout } from '@shared/poll/poll-schema';
import { formatCalendarDate } from '@web/lib/date-format';
import { HourlyTurnoutChart } from './hourly-turnout-chart';
import { percentOf, usePollTime } from './poll-time';

// The office's live poll-day view (issue 22): turnout overall with men and women, votes by hour,
// and the booths by turnout. The page refreshes the numbers every 10 seconds.
export function TurnoutDashboard({ turnout, boothHref }: { turnout: Turnout; boothHref?: (boothId: number) => string }) {
  const { t, i18n } = useTranslation();
  const time = usePollTime();
  const { totals } = turnout;
  // Booths with no voter on record ("0 / 0") are listed only on request (issue 56: all 396 were).
  const [showEmpty, setShowEmpty] = useState(false);
  const empty = turnout.booths.filter((booth) => booth.voters === 0).length;
  const shownBooths = showEmpty ? turnout.booths : turnout.booths.filter((booth) => booth.voters > 0);
  const cards = [
    { label: t('pollDay.turnout.overall'), voted: totals.voted, voters: totals.voters, testId: 'turnout-overall' },
    { label: t('pollDay.turnout.men'), voted: totals.male_voted, voters: totals.male_voters, testId: 'turnout-men' },
    { label: t('pollDay.turnout.women'), voted: totals.female_voted, voters: totals.female_voters, testId: 'turnout-women' },
  ];
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {turnout.election.name ? `${turnout.election.name} · ` : ''}
        {formatCalendarDate(turnout.election.poll_date, i18n.language)} · {turnout.election.poll_start}–{turnout.election.poll_end}
        <span className="block text-xs text-slate-500">{t('pollDay.turnout.updated', { time: time(turnout.updated_at) })}</span>
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.testId} data-testid={card.testId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-500">{card.label}</p>
            <p className="text-3xl font-bold text-blue-900">{percentOf(card.voted, card.voters)}%</p>
            <p className="text-sm text-slate-600">{t('pollDay.turnout.share', { voted: card.voted, voters: card.voters, percent: percentOf(card.voted, card.voters) })}</p>
          </div>
        ))}
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('pollDay.turnout.byHour')}</h2>
        <HourlyTurnoutChart hours={turnout.hours} />
      </section>
      {turnout.booths.length > 1 && (
        <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{t('pollDay.turnout.byBooth')}</h2>
          <div className="max-h-[32rem] overflow-auto">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 text-left text-slate-600">
                <tr>
                  <th className="px-4 py-2 font-medium">{t('pollDay.turnout.booth')}</th>
                  <th className="px-4 py-2 text-right font-medium">{t('pollDay.turnout.percent')}</th>
                  <th className="px-4 py-2 text-right font-medium">{t('pollDay.turnout.voted')}</th>
                  <th className="hidden px-4 py-2 text-right font-medium sm:table-cell">{t('pollDay.turnout.men')}</th>
                  <th className="hidden px-4 py-2 text-right font-medium sm:table-cell">{t('pollDay.turnout.women')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shownBooths.map((booth) => (
                  <tr key={booth.id}>
                    <td className="px-4 py-2 font-medium text-slate-900">{boothHref ? <a className="text-blue-900 underline-offset-2 hover:underline" href={boothHref(booth.id)}>{booth.label}</a> : booth.label}</td>
                    <td className="px-4 py-2 text-right font-semibold">{percentOf(booth.voted, booth.voters)}%</td>
                    <td className="px-4 py-2 text-right">
                      {booth.voted} / {booth.voters}
                    </td>
                    <td className="hidden px-4 py-2 text-right sm:table-cell">
                      {booth.male_voted} / {booth.male_voters}
                    </td>
                    <td className="hidden px-4 py-2 text-right sm:table-cell">
                      {booth.female_voted} / {booth.female_voters}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {empty > 0 && (
            <button type="button" className="min-h-11 w-full border-t border-slate-200 px-4 py-2 text-sm font-medium text-blue-900 hover:bg-slate-50" onClick={() => setShowEmpty((shown) => !shown)}>
              {showEmpty ? t('pollDay.turnout.hideEmpty') : t('pollDay.turnout.showEmpty', { count: empty })}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
