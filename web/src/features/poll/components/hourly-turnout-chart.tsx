import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { Turnout } from '@shared/poll/poll-schema';
import { useChartFonts } from '@web/lib/chart-fonts';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);
// Votes in each hour of the poll day (office timezone), men and women stacked.
export function HourlyTurnoutChart({ hours }: { hours: Turnout['hours'] }) {
  const { t } = useTranslation();
  const labels = hours.map((hour) => t('pollDay.turnout.hour', { hour: String(hour.hour).padStart(2, '0') }));
  const others = hours.map((hour) => hour.marks - hour.male - hour.female);
  const datasets = [
    { label: t('pollDay.turnout.men'), data: hours.map((hour) => hour.male), backgroundColor: '#1e3a8a' },
    { label: t('pollDay.turnout.women'), data: hours.map((hour) => hour.female), backgroundColor: '#db2777' },
    ...(others.some((count) => count > 0) ? [{ label: t('pollDay.turnout.voted'), data: others, backgroundColor: '#94a3b8' }] : []),
  ];
  const fontLoads = useChartFonts(datasets.map((set) => set.label).join(' '));
  return (
    <figure className="relative h-64 w-full sm:h-80" aria-label={t('pollDay.turnout.byHour')}>
      <Bar
        key={fontLoads}
        data={{ labels, datasets }}
        options={{ maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } }, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } }}
      />
    </figure>
  );
}
