import { FileDown } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { downloadApiFile } from '@web/lib/file-download';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';
import type { ServiceRequestListParams } from '../api/get-service-requests';

// Export to Excel: the register as the filters show it (page aside), stamped with who exported
// it (decision 090). The server counts it against the user's daily export limit.
export function ServiceExportButton({ params }: { params: ServiceRequestListParams }) {
  const { t } = useServiceRegisterTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, limit: _limit, ...filters } = params;
      await downloadApiFile('/service-requests/export/excel', filters as Record<string, string>, 'service_requests.xlsx');
      toast.success(t('export.done'));
    } catch (error) {
      toast.error(errorMessage(error, t('export.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void run()}>
      {!busy && <FileDown aria-hidden="true" className="h-4 w-4" />}
      {busy ? t('export.exporting') : t('export.button')}
    </Button>
  );
}
