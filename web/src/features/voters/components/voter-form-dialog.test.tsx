// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { VoterFilters } from './voter-filters';
import { VoterFormDialog } from './voter-form-dialog';
import { FILTER_KEYS, type VoterFilterValues } from './voter-list-state';

const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

// The selects by their field name: their labels are interface texts, which change with the language.
function select(container: HTMLElement, name: string): HTMLSelectElement {
  const element = container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (!element) throw new Error(`no select ${name}`);
  return element;
}
const optionOf = (element: HTMLSelectElement, value: string) => [...element.options].find((option) => option.value === value);
const labels = (element: HTMLSelectElement) => [...element.options].filter((option) => option.value !== '').map((option) => option.text);

function renderForm() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <VoterFormDialog voterId={null} booths={['Booth-01']} canEditRestricted onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('VoterFormDialog in the chosen language', () => {
  it('should offer the lists in Marathi with the stored values unchanged when the language is mr', async () => {
    await act(() => i18n.changeLanguage('mr'));
    const { baseElement } = renderForm();
    const dialog = within(baseElement).getByRole('dialog');
    const caste = select(dialog, 'caste');
    expect(optionOf(caste, 'Kunbi')?.text).toBe('कुणबी');
    expect(optionOf(select(dialog, 'gender'), 'Female')?.text).toBe('स्त्री');
    expect(optionOf(select(dialog, 'occupation'), 'Farmer')?.text).toBe('शेतकरी');
    expect(optionOf(select(dialog, 'political_preference'), 'BJP')?.text).toBe('भाजप');
    expect(optionOf(select(dialog, 'taluka'), 'Digras')?.text).toBe('दिग्रस');

    await userEvent.selectOptions(caste, 'Kunbi');
    expect(caste).toHaveValue('Kunbi');
    expect(optionOf(select(dialog, 'sub_caste'), 'Khaire')?.text).toBe('खैरे');

    await userEvent.selectOptions(select(dialog, 'taluka'), 'Digras');
    const village = select(dialog, 'village');
    expect(optionOf(village, 'Arambhi')?.text).toBe('आरंभी');
    // Villages in Marathi alphabetical order, "Other" (इतर) last.
    const named = labels(village);
    expect(named.at(-1)).toBe('इतर');
    expect(named.slice(0, -1)).toEqual([...named.slice(0, -1)].sort(new Intl.Collator('mr').compare));
  });

  it('should show the English names again as soon as the language changes back', async () => {
    await act(() => i18n.changeLanguage('mr'));
    const { baseElement } = renderForm();
    const caste = select(within(baseElement).getByRole('dialog'), 'caste');
    expect(optionOf(caste, 'Kunbi')?.text).toBe('कुणबी');
    await act(() => i18n.changeLanguage('en'));
    expect(optionOf(caste, 'Kunbi')?.text).toBe('Kunbi');
    expect(optionOf(caste, 'Marwari / Vaishya (Bania)')?.text).toBe('Marwari / Vaishya (Bania)');
  });
});

describe('VoterFilters in the chosen language', () => {
  it('should offer castes, villages and parties in Marathi and filter on the stored value', async () => {
    await act(() => i18n.changeLanguage('mr'));
    const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as VoterFilterValues;
    const onChange = vi.fn();
    const { container } = render(<VoterFilters filters={filters} booths={[]} activeCount={0} onChange={onChange} onClear={vi.fn()} />);
    const selects = [...container.querySelectorAll('select')];
    const caste = selects.find((element) => optionOf(element, 'Kunbi'));
    const village = selects.find((element) => optionOf(element, 'Arambhi'));
    expect(caste && optionOf(caste, 'Kunbi')?.text).toBe('कुणबी');
    expect(village && optionOf(village, 'Arambhi')?.text).toBe('आरंभी');
    expect(village && labels(village).at(-1)).toBe('इतर');
    await userEvent.selectOptions(caste as HTMLSelectElement, 'Kunbi');
    expect(onChange).toHaveBeenCalledWith('caste', 'Kunbi');
  });
});

describe('VoterFormDialog on a phone', () => {
  // jsdom has no matchMedia: the form takes it for a phone's width.
  it('should show the main details open and fold the other sections until their header is tapped', async () => {
    const { baseElement } = renderForm();
    const dialog = within(baseElement).getByRole('dialog');
    const field = (name: string) => {
      const element = dialog.querySelector<HTMLElement>(`[name="${name}"]`);
      if (!element) throw new Error(`no field ${name}`);
      return element;
    };
    const folded = (name: string) => field(name).closest('fieldset[hidden]') !== null;
    for (const name of ['full_name', 'father_husband_name', 'age', 'gender', 'mobile_number', 'booth', 'house_no', 'voter_no', 'voter_id']) expect(folded(name)).toBe(false);
    for (const name of ['whatsapp_number', 'caste', 'comment', 'part_serial']) expect(folded(name)).toBe(true);

    const contact = within(dialog).getByRole('button', { name: 'Contact' });
    expect(contact).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(contact);
    expect(contact).toHaveAttribute('aria-expanded', 'true');
    expect(folded('whatsapp_number')).toBe(false);
    expect(folded('comment')).toBe(true);
  });
});
