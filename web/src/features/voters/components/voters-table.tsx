import { Pencil, Phone, Trash2 } from 'lucide-react';
import { type ReactNode, useDeferredValue, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Voter } from '@shared/voters/voter-schema';
import { iconButtonClassName } from '@web/components/ui/button';
import { PartyBadge } from '@web/components/ui/party-badge';
import { Table } from '@web/components/ui/table';
import { useCasteRowName } from '@web/lib/caste-row-names';
import { useRowListNames } from '@web/lib/row-list-names';
import { BoothLink } from '@web/components/ui/booth-link';
import { VoterPhoto } from './voter-photo';

// What other features show on a voter, composed by the page (features never import each other):
// the voter's state on the roll, their support, and a contact action as a row icon and as the
// card's tap target (issue 20).
export interface VoterRowExtras {
  status: (voter: Voter) => ReactNode;
  support: (voter: Voter) => ReactNode;
  rowAction: (voter: Voter) => ReactNode;
  cardAction: (voter: Voter) => ReactNode;
}

interface VotersTableProps {
  voters: Voter[];
  canDelete: boolean;
  onEdit: (voter: Voter) => void;
  onDelete: (voter: Voter) => void;
  extras?: VoterRowExtras;
}

function Demographics({ voter }: { voter: Voter }) {
  const { t } = useTranslation();
  const names = useRowListNames();
  return (
    <>
      <span>{names.name('genders', voter.gender) ?? '—'}</span>
      <span className="text-slate-500"> · {voter.age !== null ? t('voters.years', { age: voter.age }) : t('voters.ageUnknown')}</span>
    </>
  );
}

function Contact({ voter }: { voter: Voter }) {
  const { t } = useTranslation();
  if (!voter.mobile_number) return <span className="text-slate-400">{t('voters.noMobile')}</span>;
  return (
    <a href={`tel:${voter.mobile_number}`} className="inline-flex items-center gap-1 text-blue-800 hover:underline">
      <Phone aria-hidden="true" className="h-3.5 w-3.5" />
      {voter.mobile_number}
    </a>
  );
}

function Actions({ voter, canDelete, onEdit, onDelete, extras, inCard }: { voter: Voter; inCard?: boolean } & Omit<VotersTableProps, 'voters'>) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      {!inCard && extras?.rowAction(voter)}
      <button type="button" onClick={() => onEdit(voter)} className={`${iconButtonClassName} text-blue-800 hover:bg-blue-50`} aria-label={t('voters.editVoter', { name: voter.full_name })}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      {/* Spec section 6: the delete icon only for Super Admin and Admin. */}
      {canDelete && (
        <button type="button" onClick={() => onDelete(voter)} className={`${iconButtonClassName} text-red-600 hover:bg-red-50`} aria-label={t('voters.deleteVoter', { name: voter.full_name })}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}

// Tailwind's md: the table from there, the cards below.
const WIDE_QUERY = '(min-width: 768px)';
const hasMediaQueries = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';
const subscribeWide = (changed: () => void) => {
  if (!hasMediaQueries()) return () => undefined;
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
// 'both' where the width is unknown (no matchMedia): CSS then shows the right one.
const layoutNow = () => (hasMediaQueries() ? (window.matchMedia(WIDE_QUERY).matches ? 'table' : 'cards') : 'both');

// A phone's screen holds about three cards: the first list draws these first and the rest right
// after, so a slow phone shows voters sooner (issue 21).
const FIRST_CARDS = 6;

// Spec section 2: seven columns on a wide screen; on a phone the same data as one card per voter.
// Only the one the screen shows is built (issue 21: half the work of a phone's voter list).
export function VotersTable(props: VotersTableProps) {
  const { t } = useTranslation();
  const casteName = useCasteRowName();
  const layout = useSyncExternalStore(subscribeWide, layoutNow, () => 'both' as const);
  const { voters, extras } = props;
  const cards = useDeferredValue(voters, voters.slice(0, FIRST_CARDS));
  return (
    <>
      {layout !== 'cards' && (
        <Table
          className="hidden md:block"
          dense
          rows={voters}
          rowKey={(voter) => voter.id}
          rowTestId="voter-row"
          columns={[
            { key: 'photo', header: t('voters.columns.photo'), cell: (voter) => <VoterPhoto voter={voter} /> },
            {
              key: 'details',
              header: t('voters.columns.details'),
              cell: (voter) => (
                <>
                  <div className="font-medium text-slate-900">{voter.full_name}</div>
                  <div className="font-mono text-xs text-slate-500">{voter.voter_id}</div>
                  {extras?.status(voter)}
                </>
              ),
            },
            { key: 'demographics', header: t('voters.columns.demographics'), className: 'text-slate-700', cell: (voter) => <Demographics voter={voter} /> },
            { key: 'contact', header: t('voters.columns.contact'), cell: (voter) => <Contact voter={voter} /> },
            {
              key: 'location',
              header: t('voters.columns.location'),
              className: 'text-slate-700',
              cell: (voter) => (
                <>
                  <div>{voter.ward_area ?? '—'}</div>
                  <div className="text-xs text-slate-500">
                    <BoothLink booth={voter.booth} />
                  </div>
                </>
              ),
            },
            {
              key: 'political',
              header: t('voters.columns.political'),
              cell: (voter) => (
                <>
                  <div className="mb-1 text-slate-700">{casteName(voter.caste) ?? '—'}</div>
                  <PartyBadge party={voter.political_preference} />
                  {extras && <div className="mt-1">{extras.support(voter)}</div>}
                </>
              ),
            },
            { key: 'actions', header: t('voters.columns.actions'), headerClassName: 'text-right', cell: (voter) => <Actions voter={voter} {...props} /> },
          ]}
        />
      )}

      {layout !== 'table' && (
        <ul className="space-y-3 md:hidden">
          {cards.map((voter) => (
            // The whole card opens the voter (issue 21), not only the pencil; a tap on the card's own
            // links and buttons (call, booth, contact, delete) still does what they say.
            <li
              key={voter.id}
              className="cursor-pointer rounded-lg border border-slate-200 bg-white p-3 shadow-sm active:bg-slate-50"
              data-testid="voter-card"
              onClick={(event) => {
                if (!(event.target as Element).closest('a, button, input, select, textarea, label, [role="dialog"], dialog')) props.onEdit(voter);
              }}
            >
              <div className="flex items-start gap-3">
                <VoterPhoto voter={voter} className="h-12 w-12" />
                <div className="min-w-0 flex-1">
                  {/* The name is the card's keyboard way in; the pencil stays for those who look for it. */}
                  <button type="button" onClick={() => props.onEdit(voter)} className="block max-w-full truncate text-left font-semibold text-slate-900 hover:underline focus-visible:underline">
                    {voter.full_name}
                  </button>
                  <div className="font-mono text-xs text-slate-500">{voter.voter_id}</div>
                  <div className="mt-1 text-sm text-slate-700">
                    <Demographics voter={voter} />
                  </div>
                  {extras?.status(voter)}
                </div>
                <Actions voter={voter} inCard {...props} />
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
                <Contact voter={voter} />
                <span className="text-slate-600">
                  {voter.ward_area ? `${voter.ward_area} · ` : ''}
                  <BoothLink booth={voter.booth} />
                </span>
              </div>
              <div className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                {voter.caste && <span>{casteName(voter.caste)}</span>}
                <PartyBadge party={voter.political_preference} />
              </div>
              {/* Issue 20: the support level, and recording a contact in two taps (this, then the outcome). */}
              {extras && (
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
                  {extras.support(voter)}
                  {extras.cardAction(voter)}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
