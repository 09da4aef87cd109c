import { FileDown } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { exportFileName } from '@shared/voters/voter-import-schema';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { downloadApiFile } from '@web/lib/file-download';

// Export Excel: the filtered set (search tab) or every voter (import tab), as a download.
export function ExportExcelButton({ filters, label, variant = 'secondary' }: { filters?: Record<string, string>; label: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (filters) await downloadApiFile('/voters/exp/excel', filters, exportFileName());
      else await downloadApiFile('/voters/export/excel', {}, exportFileName());
      toast.success(t('voters.exportCompleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('voters.exportFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} busy={busy} onClick={() => void run()}>
      {!busy && <FileDown aria-hidden="true" className="h-4 w-4" />}
      {label}
    </Button>
  );
}
