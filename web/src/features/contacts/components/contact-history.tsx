import { useTranslation } from 'react-i18next';
import type { SupportLevel } from '@shared/contacts/contact-schema';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/use-date-format';
import { useContactHistory } from '../api/get-contact-history';
import { issueLabel } from './contact-labels';
import { RecordContactButton } from './record-contact-button';
import { SupportBadge } from './support-badge';

interface ContactHistoryProps {
  voter: { id: number; full_name: string; support_level: SupportLevel | null };
}

// A voter's contacts, newest first, with their current support and any flag awaiting the office.
export function ContactHistory({ voter }: ContactHistoryProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const history = useContactHistory(voter.id);
  const pending = history.data?.flags.filter((flag) => flag.status === 'pending') ?? [];

  return (
    <section aria-label={t('contacts.history.title')} data-testid="contact-history" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SupportBadge level={voter.support_level} />
        <RecordContactButton voter={voter} />
      </div>
      {pending.map((flag) => (
        <p key={flag.id} className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('contacts.history.pending', { kind: t(`contacts.flags.kinds.${flag.kind}`) })}
        </p>
      ))}
      {history.isPending && <Spinner className="h-5 w-5 text-blue-900" />}
      {history.isError && <p className="text-sm text-red-600">{t('contacts.history.loadFailed')}</p>}
      {history.data && history.data.contacts.length === 0 && <p className="text-sm text-slate-500">{t('contacts.history.empty')}</p>}
      {history.data && history.data.contacts.length > 0 && (
        <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {history.data.contacts.map((contact) => (
            <li key={contact.id} className="px-3 py-2 text-sm" data-testid="contact-entry">
              <div className="flex flex-wrap items-center gap-2">
                <Badge color={contact.outcome === 'deceased' || contact.outcome === 'moved_away' ? 'yellow' : 'blue'}>{t(`contacts.outcomes.${contact.outcome}`)}</Badge>
                <span className="text-xs text-slate-500">
                  {t('contacts.history.byline', { name: contact.user_name ?? '—', channel: t(`contacts.channels.${contact.channel}`), date: dates.dateTime(contact.created_at) })}
                </span>
              </div>
              {contact.issues.length > 0 && <p className="mt-1 text-slate-700">{t('contacts.history.issues', { issues: contact.issues.map((issue) => issueLabel(t, issue)).join(', ') })}</p>}
              {contact.note && <p className="mt-1 whitespace-pre-line text-slate-700">{contact.note}</p>}
            </li>
          ))}
        </ol>
      )}
      {history.data && history.data.total > history.data.contacts.length && (
        <p className="text-xs text-slate-500">{t('contacts.history.latest', { shown: history.data.contacts.length, total: history.data.total })}</p>
      )}
    </section>
  );
}
