import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoothHousehold } from '@shared/booths/booth-schema';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useBoothHouseholds, useBoothVoters } from '../api/get-booth-roll';
import { RollVoterList } from './booth-roll';

function HouseVoters({ boothId, houseNo }: { boothId: number; houseNo: string }) {
  const voters = useBoothVoters(boothId, { kind: 'house', houseNo });
  if (voters.isPending) return <Spinner className="m-2 h-4 w-4 text-blue-900" />;
  if (voters.isError) return <p className="p-2 text-sm text-red-700">{errorMessage(voters.error, '')}</p>;
  return <RollVoterList voters={voters.data.voters} testId="house-voter" />;
}

function HouseholdRow({ boothId, household }: { boothId: number; household: BoothHousehold }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = household.house_no === null ? t('booths.households.noHouse') : t('booths.households.house', { number: household.house_no });
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <li data-testid="household">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
        {household.house_no !== null ? (
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1 font-medium text-blue-900 hover:underline"
            aria-expanded={open}
            aria-label={t(open ? 'booths.households.hide' : 'booths.households.show', { number: household.house_no })}
            onClick={() => setOpen(!open)}
          >
            <Chevron aria-hidden="true" className="h-4 w-4" />
            {name}
          </button>
        ) : (
          <span className="min-h-11 pl-5 font-medium leading-[2.75rem] text-slate-700">{name}</span>
        )}
        <span className="text-sm text-slate-600">{t('booths.voters', { count: household.voters })}</span>
        {household.first_serial !== null && <span className="text-sm text-slate-500">{t('booths.households.fromSerial', { serial: household.first_serial })}</span>}
        {household.holder && <span className="text-sm text-slate-700">{t('booths.roll.heldBy', { name: household.holder.full_name })}</span>}
      </div>
      {open && household.house_no !== null && (
        <div className="mb-2 ml-5 rounded-lg border border-slate-200 bg-slate-50 px-3">
          <HouseVoters boothId={boothId} houseNo={household.house_no} />
        </div>
      )}
    </li>
  );
}

// The booth's households, for now its voters grouped by house number (households proper are
// recorded by another part of issue 20), each with who holds it.
export function BoothHouseholds({ boothId }: { boothId: number }) {
  const { t } = useTranslation();
  const households = useBoothHouseholds(boothId);
  if (households.isPending) return <Spinner className="h-5 w-5 text-blue-900" />;
  if (households.isError) return <p className="text-sm text-red-700">{errorMessage(households.error, t('booths.households.loadFailed'))}</p>;
  if (households.data.households.length === 0) return <p className="text-sm text-slate-500">{t('booths.households.empty')}</p>;
  return <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">{households.data.households.map((household) => <HouseholdRow key={household.house_no ?? ''} boothId={boothId} household={household} />)}</ul>;
}
