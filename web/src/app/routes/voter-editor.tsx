import { useTranslation } from 'react-i18next';
import { ContactHistory } from '@web/features/contacts/components/contact-history';
import { SlipCodePanel } from '@web/features/slips/components/slip-code-panel';
import { SlipPrintButton } from '@web/features/slips/components/slip-print-button';
import { SlipShareButtons } from '@web/features/slips/components/slip-share-buttons';
import { VoterSurveyAnswers } from '@web/features/surveys/components/voter-survey-answers';
import { VoterFormDialog } from '@web/features/voters/components/voter-form-dialog';

// What /voters shows beyond the list, in one file the page fetches once the list is up (issue 21,
// decision 037): the voter form with its details (slips, contact history), and the slip button of
// a search. One file, so that once it is in, a phone without a connection opens them all.
export { SlipPrintButton };

interface VoterEditorProps {
  voterId: number | null;
  booths: readonly string[];
  canEditRestricted: boolean;
  onClose: () => void;
}

export function VoterEditor({ voterId, booths, canEditRestricted, onClose }: VoterEditorProps) {
  const { t } = useTranslation();
  return (
    <VoterFormDialog
      voterId={voterId}
      booths={booths}
      canEditRestricted={canEditRestricted}
      onClose={onClose}
      details={[
        {
          title: t('slips.button'),
          render: (voter) => (
            <div className="flex flex-wrap gap-2">
              <SlipPrintButton path={`/slips/voters/${voter.id}`} />
              <SlipShareButtons source={{ kind: 'voter', id: voter.id }} />
              {/* Issue 61: the office revokes a lost or reprinted slip's QR code. */}
              {canEditRestricted && <SlipCodePanel voter={voter} />}
            </div>
          ),
        },
        { title: t('contacts.history.title'), render: (voter) => <ContactHistory voter={voter} /> },
        {
          title: t('menu.surveys'),
          render: (voter) => <VoterSurveyAnswers voter={voter} />,
        },
      ]}
    />
  );
}
