import { MessageCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { slipMessage, whatsAppLink } from '@shared/slips/slip-texts';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { saveBlob } from '@web/lib/file-download';
import { getSlipShare } from '../api/slip-files';
import { slipImage } from '../slip-image';

export interface SlipShareButtonsProps {
  source: { kind: 'voter' | 'household'; id: number };
}

// From a voter or a household: one tap opens WhatsApp with the slip's text in Marathi (to the
// voter's number, or for a household to the first member with one), and "Share slip" hands the
// slip as a picture to the phone's share sheet, or downloads it where the browser cannot share files.
export function SlipShareButtons({ source }: SlipShareButtonsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'whatsapp' | 'share' | null>(null);

  const openWhatsApp = async () => {
    // Opened in the tap itself, so no pop-up blocker stops it; the address follows the answer.
    const opened = window.open('', '_blank');
    setBusy('whatsapp');
    try {
      const { slips } = await getSlipShare(source);
      const to = slips.find((slip) => slip.mobile)?.mobile ?? null;
      const text = slips.map((slip) => slipMessage(slip, 'mr')).join('\n\n');
      const link = whatsAppLink(to, text);
      if (!to) toast(t('slips.noMobile'));
      if (opened) opened.location.href = link;
      else window.location.href = link;
    } catch (error) {
      opened?.close();
      toast.error(errorMessage(error, t('slips.whatsAppFailed')));
    } finally {
      setBusy(null);
    }
  };

  const shareImage = async () => {
    setBusy('share');
    try {
      const { slips } = await getSlipShare(source);
      const files = await Promise.all(slips.map(async (slip, index) => new File([await slipImage(slip, 'mr')], `voter-slip-${slip.epic ?? index + 1}.png`, { type: 'image/png' })));
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files })) {
        await navigator.share({ files, title: t('slips.share') });
      } else {
        for (const file of files) saveBlob(file, file.name);
        toast.success(t('slips.shared'));
      }
    } catch (error) {
      // The person closed the share sheet: nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(errorMessage(error, t('slips.shareFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button variant="secondary" className="min-h-10" busy={busy === 'whatsapp'} disabled={busy !== null} onClick={() => void openWhatsApp()}>
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        {t('slips.whatsApp')}
      </Button>
      <Button variant="secondary" className="min-h-10" busy={busy === 'share'} disabled={busy !== null} onClick={() => void shareImage()}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {t('slips.share')}
      </Button>
    </>
  );
}
