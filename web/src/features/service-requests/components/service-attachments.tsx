import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_REQUEST, type ServiceAttachment } from '@shared/service-requests/service-attachment-schema';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FilePicker } from '@web/components/ui/file-picker';
import { errorMessage } from '@web/lib/api-client';
import { getAttachmentBlob, useDeleteServiceAttachment, useServiceAttachments, useUploadServiceAttachment } from '../api/service-attachments';

// Photos or a PDF of the application (issue 59): anyone who reads the request adds and opens
// them; the office removes them. The server checks the type by content; the size is checked
// here first so a phone does not upload 20 MB to be told no.
export function ServiceAttachments({ requestId, canDelete }: { requestId: number; canDelete: boolean }) {
  const { t } = useTranslation();
  const attachments = useServiceAttachments(requestId);
  const upload = useUploadServiceAttachment(requestId);
  const remove = useDeleteServiceAttachment(requestId);
  const [removing, setRemoving] = useState<ServiceAttachment | null>(null);
  const items = attachments.data ?? [];
  const full = items.length >= ATTACHMENTS_PER_REQUEST;

  const onFiles = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) {
      toast.error(t('service.attachments.tooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('service.attachments.uploaded')),
      onError: (error) => toast.error(errorMessage(error, t('service.attachments.uploadFailed'))),
    });
  };

  return (
    <section aria-labelledby="service-attachments">
      <h3 id="service-attachments" className="mb-2 text-sm font-semibold text-slate-900">
        {t('service.attachments.title')} ({items.length}/{ATTACHMENTS_PER_REQUEST})
      </h3>
      {items.length === 0 ? (
        <p className="mb-2 text-sm text-slate-500">{t('service.attachments.empty')}</p>
      ) : (
        <ul className="mb-3 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-2">
              <AttachmentThumb requestId={requestId} attachment={item} />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{item.file_name}</span>
              <Button variant="secondary" onClick={() => openAttachment(requestId, item)} aria-label={t('service.attachments.openNamed', { name: item.file_name })}>
                {t('service.attachments.open')}
              </Button>
              {canDelete && (
                <Button variant="secondary" onClick={() => setRemoving(item)} aria-label={t('service.attachments.deleteNamed', { name: item.file_name })}>
                  {t('service.attachments.delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <FilePicker label={t('service.attachments.add')} accept="image/jpeg,image/png,image/gif,image/webp,application/pdf" files={[]} onFiles={onFiles} disabled={upload.isPending} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('service.attachments.delete')}
        message={t('service.attachments.deleteConfirm', { name: removing?.file_name ?? '' })}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(t('service.attachments.deleted')),
            onError: (error) => toast.error(errorMessage(error, t('service.attachments.deleteFailed'))),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </section>
  );
}

// Opened in a new tab from a blob URL (the file needs the Bearer token to be fetched).
async function openAttachment(requestId: number, attachment: ServiceAttachment) {
  const tab = window.open('', '_blank');
  try {
    const blob = await getAttachmentBlob(requestId, attachment.id, 'full');
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch {
    tab?.close();
  }
}

function AttachmentThumb({ requestId, attachment }: { requestId: number; attachment: ServiceAttachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (attachment.kind !== 'photo') return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getAttachmentBlob(requestId, attachment.id, 'thumb', controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [requestId, attachment.id, attachment.kind]);
  if (attachment.kind === 'pdf') return <FileText aria-hidden="true" className="h-10 w-10 text-red-700" />;
  return url ? <img src={url} alt="" className="h-10 w-10 rounded object-cover" /> : <span className="h-10 w-10 rounded bg-slate-100" />;
}
