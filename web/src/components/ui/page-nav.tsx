import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface PageNavProps {
  summary: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

// Previous / Next under a paged list, with the list's own summary line beside them.
export function PageNav({ summary, page, totalPages, onPage }: PageNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('voters.pagination.label')} className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600">{summary}</p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('voters.pagination.previous')}
        </Button>
        <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t('voters.pagination.next')}
        </Button>
      </div>
    </nav>
  );
}
