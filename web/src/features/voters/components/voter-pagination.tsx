import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

interface VoterPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
  // Decision 089: the total is the database's estimate (a name search with many matches on
  // PostgreSQL); onCountExactly asks for the exact count, busy while it comes.
  totalEstimated?: boolean;
  onCountExactly?: () => void;
  counting?: boolean;
}

// Indian digit grouping (2,51,000), as the app's other counts.
const grouped = (value: number) => value.toLocaleString('en-IN');

// Spec section 4: the page moves by one or by ten, staying within 1 and the last page. With an
// estimated total the last page is the estimate's: the server counts exactly for a page past the
// estimate's middle, and a page past the real end moves to the real last page (voters-page.tsx).
export function VoterPagination({ page, totalPages, total, onPage, totalEstimated = false, onCountExactly, counting = false }: VoterPaginationProps) {
  const { t } = useTranslation();
  const go = (target: number) => onPage(Math.min(Math.max(1, target), Math.max(1, totalPages)));
  const numbers = { page: grouped(page), totalPages: grouped(totalPages), total: grouped(total) };
  return (
    <nav aria-label={t('voters.pagination.label')} className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
        <p className="text-sm text-slate-600" data-testid="pagination-summary">
          {totalEstimated ? t('voters.pagination.summaryEstimated', numbers) : t('voters.pagination.summary', numbers)}
        </p>
        {totalEstimated && onCountExactly && (
          <Button variant="ghost" className="px-2 text-blue-900 underline" busy={counting} onClick={onCountExactly}>
            {t('voters.pagination.countExactly')}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" className="px-3" disabled={page <= 1} onClick={() => go(page - 10)}>
          {t('voters.pagination.previous10')}
        </Button>
        <Button variant="secondary" className="px-3" disabled={page <= 1} onClick={() => go(page - 1)}>
          {t('voters.pagination.previous')}
        </Button>
        <Button variant="secondary" className="px-3" disabled={page >= totalPages} onClick={() => go(page + 1)}>
          {t('voters.pagination.next')}
        </Button>
        <Button variant="secondary" className="px-3" disabled={page >= totalPages} onClick={() => go(page + 10)}>
          {t('voters.pagination.next10')}
        </Button>
      </div>
    </nav>
  );
}
