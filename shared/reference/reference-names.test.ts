import { describe, expect, it } from 'vitest';
import { toReferenceLanguage } from './list-option';
import { allNamesOf, namesByValue, referenceName, referenceOptions } from './reference-names';
import { villagesOf } from './voter-lists';

describe('referenceName', () => {
  it('should give an option\'s name in the chosen language when the value is on the list', () => {
    expect(referenceName('occupations', 'Farmer', 'mr')).toBe('शेतकरी');
    expect(referenceName('occupations', 'Farmer', 'hi')).toBe('किसान');
    expect(referenceName('occupations', 'Farmer', 'gu')).toBe('ખેડૂત');
    expect(referenceName('occupations', 'Farmer', 'en')).toBe('Farmer');
    expect(referenceName('castes', 'Kunbi', 'mr')).toBe('कुणबी');
    expect(referenceName('subcastes', 'Khaire', 'mr')).toBe('खैरे');
    expect(referenceName('villages', 'Arambhi', 'mr')).toBe('आरंभी');
    expect(referenceName('villages', 'Other', 'gu')).toBe('અન્ય');
    expect(referenceName('talukas', 'Darwha', 'mr')).toBe('दारव्हा');
  });

  it('should give a party\'s short name, as its badge shows it', () => {
    expect(referenceName('parties', 'BJP', 'en')).toBe('BJP');
    expect(referenceName('parties', 'BJP', 'mr')).toBe('भाजप');
    expect(referenceName('parties', 'Shiv Sena (UBT)', 'mr')).toBe('शिवसेना (उबाठा)');
  });

  it('should show a stored value as it is when the list no longer holds it, and null when there is none', () => {
    expect(referenceName('castes', 'Some Old Caste', 'mr')).toBe('Some Old Caste');
    expect(referenceName('castes', null, 'mr')).toBeNull();
    expect(referenceName('castes', '', 'mr')).toBeNull();
  });
});

describe('allNamesOf and namesByValue', () => {
  it('should give every name of an option in every language when an import matches a typed value', () => {
    expect(allNamesOf('occupations', 'Farmer')).toEqual(['Farmer', 'शेतकरी', 'किसान', 'ખેડૂત']);
    expect(allNamesOf('parties', 'BJP')).toEqual(expect.arrayContaining(['BJP', 'भाजप', 'भाजपा', 'Bharatiya Janata Party', 'भारतीय जनता पक्ष']));
    // The ECI's name of the Shinde faction is plain "Shiv Sena".
    expect(allNamesOf('parties', 'Shiv Sena (Shinde)')).toContain('Shiv Sena');
    expect(allNamesOf('designations', 'अध्यक्ष')).toEqual(['अध्यक्ष', 'President', 'પ્રમુખ']);
  });

  it('should give nothing for a value that is not on the list', () => {
    expect(allNamesOf('occupations', 'Astronaut')).toEqual([]);
  });

  it('should map every stored value of a list to its names in the list\'s order', () => {
    const names = namesByValue('genders');
    expect([...names.keys()]).toEqual(['Male', 'Female', 'Other']);
    expect(names.get('Female')).toEqual(['Female', 'स्त्री', 'महिला', 'સ્ત્રી']);
  });
});

describe('referenceOptions', () => {
  it('should label the whole list in the chosen language and keep the stored values', () => {
    expect(referenceOptions('genders', 'mr')).toEqual([
      { value: 'Male', label: 'पुरुष' },
      { value: 'Female', label: 'स्त्री' },
      { value: 'Other', label: 'इतर' },
    ]);
  });

  it('should keep the file\'s order for a list that is not alphabetical', () => {
    expect(referenceOptions('castes', 'mr').slice(0, 2)).toEqual([
      { value: 'Brahmin', label: 'ब्राह्मण' },
      { value: 'Maratha', label: 'मराठा' },
    ]);
  });

  it('should sort villages in the chosen language with Other last', () => {
    const options = referenceOptions('villages', 'mr', villagesOf('Ner'));
    const labels = options.map((option) => option.label);
    expect(options.at(-1)).toEqual({ value: 'Other', label: 'इतर' });
    const named = labels.slice(0, -1);
    expect(named).toEqual([...named].sort(new Intl.Collator('mr').compare));
    // In Marathi order अ (Adgaon, Ajani) comes before आ; in English order Adgaon is first too,
    // but Zombadi (झोंबडी) is no longer last.
    expect(labels[0]).toBe('अजंती');
    expect(labels.indexOf('झोंबडी')).toBeLessThan(labels.indexOf('पाचवड'));
  });

  it('should tell apart two villages of the same Marathi name by their English names', () => {
    const options = referenceOptions('villages', 'mr', villagesOf('Digras'));
    expect(options.filter((option) => option.label.startsWith('वडगाव'))).toEqual([
      { value: 'Vadgaon', label: 'वडगाव (Vadgaon)' },
      { value: 'Wadgaon', label: 'वडगाव (Wadgaon)' },
    ]);
  });

  it('should sort any list in the chosen language when asked, Other last', () => {
    expect(referenceOptions('talukas', 'mr', ['Darwha', 'Digras', 'Ner', 'Other'], true).map((option) => option.label)).toEqual(['दारव्हा', 'दिग्रस', 'नेर', 'इतर']);
    expect(referenceOptions('talukas', 'en', ['Other', 'Ner', 'Digras'], true).map((option) => option.value)).toEqual(['Digras', 'Ner', 'Other']);
  });

  it('should show a value that is not on the list as it is stored', () => {
    expect(referenceOptions('talukas', 'mr', ['Digras', 'Pusad'])).toEqual([
      { value: 'Digras', label: 'दिग्रस' },
      { value: 'Pusad', label: 'Pusad' },
    ]);
  });
});

describe('toReferenceLanguage', () => {
  it('should read a language tag as one of the four languages and fall back to English', () => {
    expect(toReferenceLanguage('mr')).toBe('mr');
    expect(toReferenceLanguage('gu-IN')).toBe('gu');
    expect(toReferenceLanguage('fr')).toBe('en');
    expect(toReferenceLanguage(undefined)).toBe('en');
  });
});
