import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { useChartFonts } from '@web/lib/chart-fonts';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
// For views without colours of their own (caste, gender, age, area); parties bring theirs.
const PALETTE = ['#f97316', '#2563eb', '#16a34a', '#dc2626', '#9333ea', '#0d9488', '#ca8a04', '#db2777', '#4f46e5', '#65a30d', '#0891b2', '#78716c'];

interface AnalyticsChartProps {
  kind: 'doughnut' | 'bar';
  title: string;
  labels: string[];
  values: number[];
  // One fill per label (the political view's party colours); the palette in turn otherwise.
  colours?: readonly (string | CanvasPattern)[];
}

// One chart component for the five views; sized by its container so it reads on a phone.
export function AnalyticsChart({ kind, title, labels, values, colours }: AnalyticsChartProps) {
  const fontLoads = useChartFonts(labels.join(' '));
  const data = {
    labels,
    datasets: [{ label: title, data: values, backgroundColor: labels.map((_, index) => colours?.[index] ?? PALETTE[index % PALETTE.length]), borderWidth: kind === 'doughnut' ? 2 : 0 }],
  };
  return (
    <figure className="relative h-72 w-full sm:h-96" aria-label={title}>
      {kind === 'doughnut' ? (
        <Doughnut key={fontLoads} data={data} options={{ maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } } }} />
      ) : (
        <Bar key={fontLoads} data={data} options={{ maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }} />
      )}
    </figure>
  );
}
