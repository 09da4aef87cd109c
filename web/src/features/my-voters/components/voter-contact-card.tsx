import { MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RollVoter } from '@shared/booths/booth-schema';
import { telHref, whatsAppHref } from '@web/lib/contact-links';
import { useRowListNames } from '@web/lib/row-list-names';

// One voter of a Karyakarta's pages: who they are, contacted or not, one tap to call or to
// WhatsApp them, and the record-contact button.
// The buttons are thumb-sized (at least 44 px high) and side by side on a phone.
// support and recordContact: the contacts feature's badge and button, composed in app/; badge: a
// mark beside the name (the head of a confirmed household).
export function VoterContactCard({ voter, support, recordContact, badge }: { voter: RollVoter; support?: ReactNode; recordContact?: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation();
  const names = useRowListNames();
  const tel = telHref(voter.mobile_number);
  const whatsApp = whatsAppHref(voter);
  const details = [voter.age, names.name('genders', voter.gender)].filter((value) => value !== null).join(' · ');
  return (
    <li className="px-4 py-3" data-testid="my-voter">
      <div className="flex items-baseline gap-2">
        {voter.part_serial !== null && <span className="shrink-0 text-sm tabular-nums text-slate-500">{t('myVoters.serial', { serial: voter.part_serial })}</span>}
        <span className="min-w-0 flex-1 text-base font-semibold text-slate-900">{voter.full_name}</span>
        {badge}
      </div>
      <div className="text-sm text-slate-600">
        {details}
        {voter.father_husband_name ? `${details ? ' · ' : ''}${voter.father_husband_name}` : ''}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {voter.last_contact_at ? (
          <span data-testid="contact-state" className="inline-flex items-center rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
            {t('boothClasses.contacted')}
          </span>
        ) : (
          <span data-testid="contact-state" className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            {t('boothClasses.notContacted')}
          </span>
        )}
        {voter.last_contact_at && support}
      </div>
      {tel || whatsApp ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          {tel ? (
            <a href={tel} aria-label={t('myVoters.callLabel', { name: voter.full_name })} className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-blue-900 px-3 text-base font-medium text-white active:bg-blue-800">
              <Phone aria-hidden="true" className="h-5 w-5" />
              {t('myVoters.call')}
            </a>
          ) : (
            <span />
          )}
          {whatsApp && (
            <a
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('myVoters.whatsappLabel', { name: voter.full_name })}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-3 text-base font-medium text-white active:bg-green-800"
            >
              <MessageCircle aria-hidden="true" className="h-5 w-5" />
              {t('myVoters.whatsapp')}
            </a>
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-400">{t('myVoters.noPhone')}</p>
      )}
      {recordContact}
    </li>
  );
}
