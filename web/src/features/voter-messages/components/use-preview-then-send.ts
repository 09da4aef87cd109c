import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { VoterSendInput, VoterSendPreview } from '@shared/voter-messages/voter-send-schema';
import { errorMessage } from '@web/lib/api-client';
import { useCreateVoterSend } from '../api/create-voter-send';
import { usePreviewVoterSend } from '../api/preview-voter-send';

// A send's two steps, as the send form and the day's greetings take them: the preview of what
// `input` would do, then the send itself (queued, or waiting for approval), each failure a toast.
export function usePreviewThenSend(input: () => VoterSendInput) {
  const { t } = useTranslation();
  const previewSend = usePreviewVoterSend();
  const send = useCreateVoterSend();
  const [preview, setPreview] = useState<VoterSendPreview | null>(null);

  const showPreview = async () => {
    try {
      setPreview(await previewSend.mutateAsync(input()));
    } catch (error) {
      toast.error(errorMessage(error, t('messaging.send.failed')));
    }
  };
  const sendNow = async () => {
    try {
      const created = await send.mutateAsync(input());
      toast.success(created.status === 'awaiting_approval' ? t('messaging.send.awaitingApproval') : t('messaging.send.queued', { count: created.total }));
      setPreview(null);
    } catch (error) {
      toast.error(errorMessage(error, t('messaging.send.failed')));
    }
  };
  return { preview, clearPreview: () => setPreview(null), showPreview, sendNow, previewing: previewSend.isPending, sending: send.isPending };
}
