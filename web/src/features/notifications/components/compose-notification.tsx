import { Send } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES, type Role } from '@shared/auth/roles';
import { MESSAGE_TOO_LONG, SMS_MAX_LENGTH, sendNotificationSchema } from '@shared/notifications/notification-schema';
import { formatRupees, smsCostPaise, smsLength } from '@shared/sms/sms-length';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { useSendNotification } from '../api/send-notification';
import { useSmsPricing } from '../api/get-sms-pricing';
import { useMessageRecipients } from '../api/get-message-recipients';
import { MESSAGE_TEMPLATES } from './message-templates';

// The recipient role list offers the roles plus "Voter (For future)" (spec section 6).
const VOTER_ROLE = 'voter';

export function ComposeNotification({ senderId }: { senderId: number }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<string>('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState('');
  // Issue 22: in the silence period before the poll the server refuses SMS (423); a Super Admin
  // may then send with a reason, which the audit log keeps.
  const [silenced, setSilenced] = useState(false);
  const [reason, setReason] = useState('');
  const sessionRole = useSession().user?.role;
  const superAdmin = sessionRole === 'Super Admin';
  const office = sessionRole === 'Super Admin' || sessionRole === 'Admin';
  const send = useSendNotification();
  const staffRole = ROLES.find((item) => item === role);
  // Only the people the sender may message (issue 60: field roles reach the office, their
  // Supervisors and their own booths' staff; the server refuses anyone else).
  const recipientsQuery = useMessageRecipients(staffRole as Role | undefined);
  const isLoading = recipientsQuery.isLoading;
  // The sender can never select themselves, and Select All excludes them too.
  const candidates = (recipientsQuery.data ?? []).filter((user) => user._id !== senderId);
  const allSelected = candidates.length > 0 && candidates.every((user) => selected.has(user._id));

  const chooseRole = (value: string) => {
    setRole(value);
    setSelected(new Set());
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sendNotificationSchema.safeParse({ message, recipients: [...selected] });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? t('notifications.sendFailed'));
      return;
    }
    try {
      await send.mutateAsync({ message, recipients: [...selected], ...(silenced && superAdmin ? { silence_override_reason: reason } : {}) });
      toast.success(t('notifications.sent'));
      setMessage('');
      setSelected(new Set());
      setReason('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 423) setSilenced(true);
      toast.error(errorMessage(error, t('notifications.sendFailed')));
    }
  };

  // Counted as the gateway bills (issue 60): GSM-7 septets or Unicode units, parts, and the cost
  // of those parts to every selected recipient.
  const pricing = useSmsPricing().data;
  const length = smsLength(message);
  const cost = pricing && selected.size > 0 && length.parts > 0 ? formatRupees(smsCostPaise(length.parts * selected.size, pricing.price_paise_per_part)) : null;
  const counter = [
    t('notifications.characters', { count: length.units, max: SMS_MAX_LENGTH }),
    t(`messaging.encoding.${length.encoding}`),
    t('notifications.parts', { count: length.parts }),
    ...(cost ? [t('messaging.estimatedCost', { cost })] : []),
  ].join(' · ');
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={t('notifications.composeTitle')}>
      <h2 className="text-lg font-semibold text-slate-900">{t('notifications.composeTitle')}</h2>
      <FormField label={t('notifications.role')}>
        <select className={inputClassName} value={role} onChange={(event) => chooseRole(event.target.value)}>
          <option value="">{t('notifications.chooseRole')}</option>
          {ROLES.map((item) => (
            <option key={item} value={item}>
              {t(`roles.${item}`)}
            </option>
          ))}
          <option value={VOTER_ROLE}>{t('notifications.voterRole')}</option>
        </select>
      </FormField>
      {role && (
        <fieldset className="rounded-lg border border-slate-200">
          <legend className="sr-only">{t('notifications.recipients')}</legend>
          <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2 text-sm">
            <span className="font-medium text-slate-700">{t('notifications.selectedCount', { count: selected.size })}</span>
            {candidates.length > 0 && (
              <label className="flex items-center gap-2 text-slate-700">
                <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(candidates.map((user) => user._id)))} />
                {t('notifications.selectAll')}
              </label>
            )}
          </div>
          <ul className="max-h-48 overflow-y-auto p-2">
            {/* Issue 60: the office sends to voters from their own screen (filters, consent, cost). */}
            {role === VOTER_ROLE && (
              <li className="px-2 py-3 text-sm text-slate-500">
                {office ? (
                  <Link to="/voter-messages" className="font-medium text-blue-800 underline">
                    {t('messaging.openVoterMessages')}
                  </Link>
                ) : (
                  t('notifications.voterFuture')
                )}
              </li>
            )}
            {staffRole && isLoading && <li className="px-2 py-3 text-sm text-slate-500">{t('app.loading')}</li>}
            {staffRole && !isLoading && candidates.length === 0 && <li className="px-2 py-3 text-sm text-slate-500">{t('notifications.noUsers')}</li>}
            {candidates.map((user) => (
              <li key={user._id}>
                <label className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input type="checkbox" checked={selected.has(user._id)} onChange={() => toggle(user._id)} />
                  <span className="text-slate-800">{user.full_name}</span>
                  {user.username && <span className="text-xs text-slate-500">@{user.username}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('notifications.templates.title')}</p>
        <div className="flex flex-wrap gap-2">
          {MESSAGE_TEMPLATES.map((template) => (
            <Button key={template.key} variant="secondary" className="px-3 py-1.5" onClick={() => setMessage(t(template.textKey))}>
              {t(template.labelKey)}
            </Button>
          ))}
        </div>
      </div>
      <FormField label={t('notifications.message')} hint={counter} error={length.units > SMS_MAX_LENGTH ? MESSAGE_TOO_LONG : undefined}>
        <textarea rows={4} maxLength={SMS_MAX_LENGTH} className={inputClassName} value={message} onChange={(event) => setMessage(event.target.value)} placeholder={t('notifications.messagePlaceholder')} />
      </FormField>
      {silenced && superAdmin && (
        <FormField label={t('pollDay.silence.reason')} hint={t('pollDay.silence.reasonHint')}>
          <textarea rows={2} maxLength={300} className={inputClassName} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      )}
      <Button type="submit" busy={send.isPending} disabled={message.trim() === ''} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="h-4 w-4" />
        {t('notifications.send')}
      </Button>
    </form>
  );
}
