import { useState } from 'react';
import type { Voter } from '@shared/voters/voter-schema';
import { useFindVoters } from '@web/lib/find-voters';
import { Button } from './button';
import { SearchInput } from './search-input';

export interface VoterPickerTexts {
  legend: string;
  search: string;
  searching: string;
  noneFound: string;
  choose: string;
  clear: string;
}

interface VoterPickerProps {
  voter: Voter | null;
  onChoose: (voter: Voter | null) => void;
  texts: VoterPickerTexts;
}

// Finds a citizen on the roll (name in either script, EPIC or mobile) for a form that may also
// take someone who is not on it: the office's requests and appointments.
export function VoterPicker({ voter, onChoose, texts }: VoterPickerProps) {
  const [search, setSearch] = useState('');
  const found = useFindVoters(voter ? '' : search);
  const voters = found.data?.voters ?? [];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-slate-700">{texts.legend}</legend>
      {voter ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">
            <span className="font-medium">{voter.full_name}</span> · {voter.voter_id ?? ''} · {voter.booth}
          </p>
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              onChoose(null);
            }}
          >
            {texts.clear}
          </Button>
        </div>
      ) : (
        <>
          <SearchInput value={search} onChange={setSearch} placeholder={texts.search} label={texts.search} />
          {search.trim().length >= 2 && (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-live="polite">
              {found.isFetching && voters.length === 0 ? (
                <li className="py-2 text-slate-500">{texts.searching}</li>
              ) : voters.length === 0 ? (
                <li className="py-2 text-slate-500">{texts.noneFound}</li>
              ) : (
                voters.map((item) => (
                  <li key={item.id} className="flex items-center justify-between gap-2 py-1.5">
                    <span>
                      <span className="font-medium">{item.full_name}</span> · {item.voter_id ?? ''} · {item.booth}
                    </span>
                    <Button variant="secondary" aria-label={`${texts.choose} ${item.full_name}`} onClick={() => onChoose(item)}>
                      {texts.choose}
                    </Button>
                  </li>
                ))
              )}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
