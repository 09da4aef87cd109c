import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGE_PICKER_ORDER } from '@shared/i18n/languages';
import { formatRupees, smsCostPaise, smsLength } from '@shared/sms/sms-length';
import { TEMPLATE_CATEGORIES, type TemplateCategory, voterTemplateInputSchema } from '@shared/voter-messages/voter-send-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { useCreateVoterTemplate } from '../api/create-voter-template';

const NO_TEXTS = { en: '', mr: '', hi: '', gu: '' };

// A new template: name, DLT category and template id, and a text per language with the
// placeholders. Each text shows its length and parts as the gateway counts them.
export function VoterTemplateForm({ pricePaise }: { pricePaise: number | undefined }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TemplateCategory>('service');
  const [dltId, setDltId] = useState('');
  const [whatsappName, setWhatsappName] = useState('');
  const [texts, setTexts] = useState(NO_TEXTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateVoterTemplate();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = voterTemplateInputSchema.safeParse({ name, category, dlt_template_id: dltId, texts, whatsapp_template: whatsappName });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      toast.success(t('messaging.templates.saved'));
      setName('');
      setDltId('');
      setWhatsappName('');
      setTexts(NO_TEXTS);
    } catch (error) {
      toast.error(errorMessage(error, t('messaging.templates.saveFailed')));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={t('messaging.templates.title')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{t('messaging.templates.title')}</h2>
      <p className="text-xs text-slate-500">{t('messaging.templates.placeholders')}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('messaging.templates.name')} error={errors.name}>
          <input type="text" className={inputClassName} value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label={t('messaging.templates.category')}>
          <select className={inputClassName} value={category} onChange={(event) => setCategory(event.target.value as TemplateCategory)}>
            {TEMPLATE_CATEGORIES.map((item) => (
              <option key={item} value={item}>
                {t(`messaging.categories.${item}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('messaging.templates.dltId')} error={errors.dlt_template_id}>
          <input type="text" inputMode="numeric" maxLength={19} className={inputClassName} value={dltId} onChange={(event) => setDltId(event.target.value)} />
        </FormField>
        <FormField label={t('messaging.templates.whatsappName')} hint={t('messaging.templates.whatsappHint')} error={errors.whatsapp_template} className="sm:col-span-3">
          <input type="text" autoCapitalize="none" spellCheck={false} maxLength={512} className={inputClassName} value={whatsappName} onChange={(event) => setWhatsappName(event.target.value)} />
        </FormField>
      </div>
      {LANGUAGE_PICKER_ORDER.map((language) => {
        const length = smsLength(texts[language]);
        const hint = [
          t('notifications.characters', { count: length.units, max: length.perPart }),
          t(`messaging.encoding.${length.encoding}`),
          t('notifications.parts', { count: length.parts }),
          ...(pricePaise !== undefined && length.parts > 0 ? [t('messaging.estimatedCost', { cost: formatRupees(smsCostPaise(length.parts, pricePaise)) })] : []),
        ].join(' · ');
        return (
          <FormField key={language} label={t('messaging.templates.text', { language: LANGUAGE_NAMES[language] })} hint={hint} error={errors[`texts.${language}`] ?? (language === 'en' ? errors.texts : undefined)}>
            <textarea rows={2} lang={language} maxLength={500} className={inputClassName} value={texts[language]} onChange={(event) => setTexts((current) => ({ ...current, [language]: event.target.value }))} />
          </FormField>
        );
      })}
      <Button type="submit" busy={create.isPending}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('messaging.templates.add')}
      </Button>
    </form>
  );
}
