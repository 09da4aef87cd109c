import { Eye } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LEVELS } from '@shared/contacts/contact-options';
import { BOOTHS } from '@shared/reference/booths';
import { type Channel, CHANNELS, type VoterAudience, type VoterSendInput, type VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { useFormMessage } from '@web/lib/form-message';
import { SendPreview } from './send-preview';
import { usePreviewThenSend } from './use-preview-then-send';

interface Filters {
  booth: string;
  village: string;
  age_min: string;
  age_max: string;
  gender: string;
  support_level: string;
  birthdays_today: boolean;
  anniversaries_today: boolean;
  heads_of_households: boolean;
  chase_list: boolean;
  roll_page: string;
}
const EMPTY: Filters = { booth: '', village: '', age_min: '', age_max: '', gender: '', support_level: '', birthdays_today: false, anniversaries_today: false, heads_of_households: false, chase_list: false, roll_page: '' };

// The filters as the API takes them: empty ones left out.
function audienceOf(filters: Filters): VoterAudience {
  return {
    ...(filters.booth ? { booth: filters.booth } : {}),
    ...(filters.village.trim() ? { village: filters.village.trim() } : {}),
    ...(filters.age_min ? { age_min: Number(filters.age_min) } : {}),
    ...(filters.age_max ? { age_max: Number(filters.age_max) } : {}),
    ...(filters.gender ? { gender: filters.gender as 'Male' } : {}),
    ...(filters.support_level ? { support_level: filters.support_level as (typeof SUPPORT_LEVELS)[number] } : {}),
    ...(filters.birthdays_today ? { birthdays_today: true } : {}),
    ...(filters.anniversaries_today ? { anniversaries_today: true } : {}),
    ...(filters.heads_of_households ? { heads_of_households: true } : {}),
    ...(filters.chase_list ? { chase_list: true } : {}),
    ...(filters.booth && filters.roll_page ? { roll_page: Number(filters.roll_page) } : {}),
  };
}

// Issue 60: choose voters by the filters (or today's birthdays) and a template, see who is left
// out and why, the parts and the cost, then send. Changing anything asks for a new preview.
// `whatsapp`: the server sends WhatsApp template messages (decision 079), else SMS only.
export function VoterSendForm({ templates, whatsapp }: { templates: VoterTemplate[]; whatsapp: boolean }) {
  const { t } = useTranslation();
  const word = useFormMessage();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [templateId, setTemplateId] = useState('');
  const [dateText, setDateText] = useState('');
  const [channel, setChannel] = useState<Channel>('sms');
  const { preview, clearPreview, showPreview, sendNow, previewing, sending } = usePreviewThenSend(
    (): VoterSendInput => ({ audience: audienceOf(filters), template_id: Number(templateId), date_text: dateText, channel }),
  );
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    clearPreview();
  };

  const onPreview = async () => {
    if (!templateId) {
      toast.error(word('Choose a template'));
      return;
    }
    await showPreview();
  };

  return (
    <section aria-label={t('messaging.send.title')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{t('messaging.send.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('messaging.send.booth')}>
          <select className={inputClassName} value={filters.booth} onChange={(event) => set('booth', event.target.value)}>
            <option value="">{t('messaging.send.allBooths')}</option>
            {BOOTHS.map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('messaging.send.village')}>
          <input type="text" className={inputClassName} value={filters.village} onChange={(event) => set('village', event.target.value)} />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label={t('messaging.send.ageMin')}>
            <input type="number" min={18} max={120} inputMode="numeric" className={inputClassName} value={filters.age_min} onChange={(event) => set('age_min', event.target.value)} />
          </FormField>
          <FormField label={t('messaging.send.ageMax')}>
            <input type="number" min={18} max={120} inputMode="numeric" className={inputClassName} value={filters.age_max} onChange={(event) => set('age_max', event.target.value)} />
          </FormField>
        </div>
        <FormField label={t('messaging.send.gender')}>
          <select className={inputClassName} value={filters.gender} onChange={(event) => set('gender', event.target.value)}>
            <option value="">{t('messaging.send.anyGender')}</option>
            {(['Male', 'Female', 'Other'] as const).map((gender) => (
              <option key={gender} value={gender}>
                {t(`messaging.send.genders.${gender}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('messaging.send.supportLevel')}>
          <select className={inputClassName} value={filters.support_level} onChange={(event) => set('support_level', event.target.value)}>
            <option value="">{t('messaging.send.anySupport')}</option>
            {SUPPORT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`contacts.outcomes.${level}`)}
              </option>
            ))}
          </select>
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={filters.birthdays_today} onChange={(event) => set('birthdays_today', event.target.checked)} />
          {t('messaging.send.birthdaysToday')}
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={filters.anniversaries_today} onChange={(event) => set('anniversaries_today', event.target.checked)} />
          {t('messaging.send.anniversariesToday')}
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={filters.heads_of_households} onChange={(event) => set('heads_of_households', event.target.checked)} />
          {t('messaging.send.headsOfHouseholds')}
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={filters.chase_list} onChange={(event) => set('chase_list', event.target.checked)} />
          {t('messaging.send.chaseList')}
        </label>
        <FormField label={t('messaging.send.rollPage')} hint={filters.booth ? undefined : t('messaging.send.rollPageHint')}>
          <input type="number" min={1} inputMode="numeric" disabled={!filters.booth} className={inputClassName} value={filters.roll_page} onChange={(event) => set('roll_page', event.target.value)} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('messaging.send.template')}>
          <select
            className={inputClassName}
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              clearPreview();
            }}
          >
            <option value="">{t('messaging.send.chooseTemplate')}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name} ({t(`messaging.categories.${template.category}`)})
              </option>
            ))}
          </select>
        </FormField>
        {whatsapp && (
          <FormField label={t('messaging.send.channel')}>
            <select
              className={inputClassName}
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as Channel);
                clearPreview();
              }}
            >
              {CHANNELS.map((option) => (
                <option key={option} value={option}>
                  {t(`messaging.channels.${option}`)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label={t('messaging.send.date')} hint={t('messaging.send.dateHint')}>
          <input
            type="text"
            maxLength={40}
            className={inputClassName}
            value={dateText}
            onChange={(event) => {
              setDateText(event.target.value);
              clearPreview();
            }}
          />
        </FormField>
      </div>
      <Button variant="secondary" busy={previewing} onClick={() => void onPreview()}>
        <Eye aria-hidden="true" className="h-4 w-4" />
        {t('messaging.send.preview')}
      </Button>
      {preview && <SendPreview preview={preview} busy={sending} onSend={() => void sendNow()} />}
    </section>
  );
}
