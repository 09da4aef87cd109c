import { useTranslation } from 'react-i18next';
import { partyColour } from '@shared/reference/party-colours';
import { partySwatchStyle } from '@web/lib/party-fill';
import { useRowListNames } from '@web/lib/row-list-names';

// A political preference as a badge: the party's own swatch (the colour the charts draw it in)
// beside its short name in the chosen language, so the colour is never the only cue. "Neutral"
// when none is recorded.
export function PartyBadge({ party }: { party: string | null }) {
  const { t } = useTranslation();
  const names = useRowListNames();
  const fill = partyColour(party);
  return (
    // A light tint of the colour behind dark text keeps the name readable on every party's hue.
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium text-slate-900"
      style={{ backgroundColor: `${fill.colour}1F`, borderColor: `${fill.colour}80` }}
    >
      <span aria-hidden="true" data-testid="party-swatch" className="h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-black/20" style={partySwatchStyle(fill)} />
      {names.name('parties', party) ?? t('common.neutral')}
    </span>
  );
}
