import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/layout/page-header';
import { useSession } from '@web/lib/session';
import { useSmsPricing } from '@web/features/notifications/api/get-sms-pricing';
import { useVoterSends } from '@web/features/voter-messages/api/get-voter-sends';
import { useVoterTemplates } from '@web/features/voter-messages/api/get-voter-templates';
import { VoterSendForm } from '@web/features/voter-messages/components/voter-send-form';
import { TodaysGreetings } from '@web/features/voter-messages/components/todays-greetings';
import { VoterSendsList } from '@web/features/voter-messages/components/voter-sends-list';
import { VoterTemplateForm } from '@web/features/voter-messages/components/voter-template-form';

// /voter-messages (issue 60, office roles): send a template to voters chosen by filters or
// today's birthdays, greet today's birthdays and anniversaries, follow the sends, and add templates.
export function VoterMessagesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const templates = useVoterTemplates();
  const sends = useVoterSends();
  const pricing = useSmsPricing();
  return (
    <div>
      <PageHeader title={t('messaging.title')} />
      <div className="mb-6">
        <TodaysGreetings templates={templates.data ?? []} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <VoterSendForm templates={templates.data ?? []} whatsapp={(pricing.data?.whatsapp_price_paise ?? null) !== null} />
        <VoterSendsList sends={sends.data ?? []} canApprove={user?.role === 'Super Admin'} />
      </div>
      <div className="mt-6">
        <VoterTemplateForm pricePaise={pricing.data?.price_paise_per_part} />
      </div>
    </div>
  );
}
