import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

interface VoterPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}

// Spec section 4: the page moves by one or by ten, staying within 1 and the last page.
export function VoterPagination({ page, totalPages, total, onPage }: VoterPaginationProps) {
  const { t } = useTranslation();
  const go = (target: number) => onPage(Math.min(Math.max(1, target), Math.max(1, totalPages)));
  return (
    <nav aria-label={t('voters.pagination.label')} className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        {t('voters.pagination.summary', { page, totalPages, total })}
      </p>
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
