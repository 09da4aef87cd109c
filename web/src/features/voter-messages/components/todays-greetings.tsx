import { Cake, Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type GreetingVoter, type Occasion, OCCASIONS, type VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { whatsAppMessageHref } from '@web/lib/contact-links';
import { useGreetings } from '../api/get-greetings';
import { recordWhatsappGreeting } from '../api/record-whatsapp-greeting';
import { SendPreview } from './send-preview';
import { usePreviewThenSend } from './use-preview-then-send';

// The greeting template is the office's choice, remembered on this computer; until then the one
// named for birthdays (the spec's first SMS template is "Birthday Wishes").
const REMEMBERED = 'voter-messages.greeting-template';
function defaultTemplate(templates: VoterTemplate[]): number | null {
  const remembered = Number(localStorage.getItem(REMEMBERED));
  if (templates.some((template) => template.id === remembered)) return remembered;
  return (templates.find((template) => /birthday|वाढदिवस|जन्मदिन|જન્મદિવસ/i.test(template.name)) ?? templates[0])?.id ?? null;
}

const AUDIENCE: Record<Occasion, { birthdays_today: true } | { anniversaries_today: true }> = { birthday: { birthdays_today: true }, anniversary: { anniversaries_today: true } };

// Issue 60: today's birthdays and anniversaries. The day's SMS greetings in two clicks (send,
// then confirm the preview), or one voter at a time by WhatsApp with the text filled in.
export function TodaysGreetings({ templates }: { templates: VoterTemplate[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const templateId = chosen ?? defaultTemplate(templates);
  const greetings = useGreetings(templateId);
  const day = greetings.data;
  return (
    <section aria-label={t('messaging.greetings.title')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('messaging.greetings.title')}</h2>
        <FormField label={t('messaging.greetings.template')} className="min-w-56">
          <select
            className={inputClassName}
            value={templateId ?? ''}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              localStorage.setItem(REMEMBERED, event.target.value);
            }}
          >
            {templates.length === 0 && <option value="">{t('messaging.greetings.noTemplate')}</option>}
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {day && (
        <div className="grid gap-4 md:grid-cols-2">
          {OCCASIONS.map((occasion) => (
            <OccasionList key={`${occasion}-${templateId}`} occasion={occasion} templateId={templateId} total={day[occasion].total} voters={day[occasion].voters} />
          ))}
        </div>
      )}
    </section>
  );
}

interface OccasionListProps {
  occasion: Occasion;
  templateId: number | null;
  total: number;
  voters: GreetingVoter[];
}

function OccasionList({ occasion, templateId, total, voters }: OccasionListProps) {
  const { t } = useTranslation();
  const { preview, showPreview, sendNow, previewing, sending } = usePreviewThenSend(() => ({ audience: AUDIENCE[occasion], template_id: templateId ?? 0, date_text: '' }));
  const Icon = occasion === 'birthday' ? Cake : Heart;
  // Recorded first (audited, refused for a voter who opted out), then WhatsApp opens.
  const onWhatsapp = async (voter: GreetingVoter, href: string) => {
    try {
      await recordWhatsappGreeting({ voter_id: voter.id, occasion, template_id: templateId ?? 0 });
      // (With 'noopener' window.open always answers null: the opener is cut by hand.)
      const opened = window.open(href, '_blank');
      if (opened) opened.opener = null;
      else window.location.assign(href);
    } catch (error) {
      toast.error(errorMessage(error, t('messaging.greetings.whatsappFailed')));
    }
  };

  return (
    <div role="region" aria-label={t(`messaging.greetings.${occasion}.heading`, { count: total })} className="space-y-3 rounded-lg border border-slate-100 p-3">
      <h3 className="flex items-center gap-2 font-medium text-slate-800">
        <Icon aria-hidden="true" className="h-4 w-4 text-rose-500" />
        {t(`messaging.greetings.${occasion}.heading`, { count: total })}
      </h3>
      {total === 0 ? (
        <p className="text-sm text-slate-500">{t(`messaging.greetings.${occasion}.none`)}</p>
      ) : (
        <>
          <Button variant="secondary" disabled={templateId === null} busy={previewing} onClick={() => void showPreview()}>
            {t(`messaging.greetings.${occasion}.sendSms`, { count: total })}
          </Button>
          {preview && <SendPreview preview={preview} busy={sending} onSend={() => void sendNow()} />}
          <ul className="divide-y divide-slate-100 text-sm">
            {voters.map((voter) => {
              const href = voter.text && !voter.opted_out ? whatsAppMessageHref(voter.whatsapp, voter.text) : null;
              return (
                <li key={voter.id} className="flex items-center justify-between gap-2 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-slate-900">{voter.full_name}</span>
                    {voter.booth && <span className="text-slate-500"> · {voter.booth}</span>}
                  </span>
                  {voter.opted_out ? (
                    <span className="text-slate-500">{t('messaging.greetings.optedOut')}</span>
                  ) : href ? (
                    <Button variant="secondary" className="shrink-0" aria-label={t('messaging.greetings.whatsappFor', { name: voter.full_name })} onClick={() => void onWhatsapp(voter, href)}>
                      <MessageCircle aria-hidden="true" className="h-4 w-4 text-green-600" />
                      {t('messaging.greetings.whatsapp')}
                    </Button>
                  ) : (
                    <span className="text-slate-500">{voter.whatsapp ? '' : t('messaging.greetings.noNumber')}</span>
                  )}
                </li>
              );
            })}
          </ul>
          {total > voters.length && <p className="text-xs text-slate-500">{t('messaging.greetings.more', { shown: voters.length, total })}</p>}
        </>
      )}
    </div>
  );
}
