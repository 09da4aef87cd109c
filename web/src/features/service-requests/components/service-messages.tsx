import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@shared/i18n/languages';
import { SERVICE_SMS_NO_MOBILE, SERVICE_SMS_OPTED_OUT, type ServiceMessage } from '@shared/service-requests/service-request-schema';
import { useAppSettings } from '@web/lib/app-settings';
import { formatDateTime } from '@web/lib/date-format';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';

const STATUS_TONE: Record<ServiceMessage['status'], string> = {
  queued: 'text-slate-600',
  sent: 'text-green-700',
  failed: 'text-red-700',
  skipped: 'text-amber-800',
};

// The SMS the citizen was sent (or not, and why) on registration and resolution, in the
// request's history (decision 090). The number shows by its last four digits only.
export function ServiceMessages({ messages }: { messages: readonly ServiceMessage[] }) {
  const { t } = useServiceRegisterTranslation();
  const { i18n } = useTranslation();
  const { timezone } = useAppSettings();
  if (messages.length === 0) return null;
  const reason = (message: ServiceMessage) => {
    if (message.status === 'skipped') return message.reason === SERVICE_SMS_OPTED_OUT ? t('messages.reasons.optedOut') : message.reason === SERVICE_SMS_NO_MOBILE ? t('messages.reasons.noMobile') : message.reason;
    // A gateway's own words, as it gave them: the office needs them to ask the provider.
    return message.status === 'failed' ? message.reason : null;
  };
  return (
    <section aria-labelledby="service-messages">
      <h3 id="service-messages" className="mb-2 text-sm font-semibold text-slate-900">
        {t('messages.title')}
      </h3>
      <ul className="space-y-2">
        {messages.map((message) => {
          const why = reason(message);
          const language = LANGUAGE_NAMES[message.language as keyof typeof LANGUAGE_NAMES] ?? message.language;
          return (
            <li key={message.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <MessageSquare aria-hidden="true" className="h-4 w-4 text-slate-500" />
                <span className="font-medium text-slate-900">{message.kind === 'registered' ? t('messages.registered') : t('messages.resolved')}</span>
                <span className={`font-medium ${STATUS_TONE[message.status]}`}>
                  {t(`messages.statuses.${message.status}`)}
                  {why ? `: ${why}` : ''}
                </span>
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {formatDateTime(message.sent_at ?? message.created_at, timezone, i18n.language)}
                {message.mobile_last4 ? ` · ${t('messages.to', { last4: message.mobile_last4 })}` : ''} · {t('messages.language', { language })} · {t('messages.parts', { count: message.parts })}
              </p>
              <p className="mt-1 break-words text-slate-700">{message.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
