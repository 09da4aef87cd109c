import { describe, expect, it } from 'vitest';
import { crossScriptPersonKey, nameWordKey, nameWordKeys, namesPerson, personKey, surnameKey } from './name-match';

describe('nameWordKey', () => {
  it('should fold the long and short i and u of Devanagari names when people spell them either way', () => {
    expect(nameWordKey('सुनीता')).toBe(nameWordKey('सुनिता'));
    expect(nameWordKey('नितीन')).toBe(nameWordKey('नितिन'));
    expect(nameWordKey('रूपाली')).toBe(nameWordKey('रुपाली'));
  });

  it('should ignore a nukta, zero-width joiners, case and Latin accents when they are the only difference', () => {
    expect(nameWordKey('ज़ाडे')).toBe(nameWordKey('जाडे'));
    expect(nameWordKey('ज्\u200Dञानेश्वर')).toBe(nameWordKey('ज्ञानेश्वर'));
    expect(nameWordKey('PĀTIL')).toBe('patil');
  });

  it('should keep different consonants apart when names differ', () => {
    expect(nameWordKey('पाटील')).not.toBe(nameWordKey('पाटोळे'));
    expect(nameWordKey('काळे')).not.toBe(nameWordKey('काले'));
  });
});

describe('name words', () => {
  it('should split on spaces and initials’ dots and take the last word as the surname', () => {
    expect(nameWordKeys('R. S.  Chavan')).toEqual(['r', 's', 'chavan']);
    expect(surnameKey('राहुल शिवाजी चव्हाण')).toBe('चव्हाण');
    expect(surnameKey('राहुल')).toBeUndefined();
  });
});

describe('namesPerson', () => {
  it('should match a relative’s name of given name and surname to a full name with a middle name', () => {
    expect(namesPerson('शिवाजी चव्हाण', 'शिवाजी रामराव चव्हाण')).toBe(true);
    expect(namesPerson('शिवाजी चव्हाण', 'शिवाजी रामराव पाटील')).toBe(false);
    expect(namesPerson('शिवाजी चव्हाण', 'संभाजी रामराव चव्हाण')).toBe(false);
  });

  it('should borrow the holder’s surname when the relative’s name is one word', () => {
    expect(namesPerson('शिवाजी', 'शिवाजी चव्हाण', 'चव्हाण')).toBe(true);
    expect(namesPerson('शिवाजी', 'शिवाजी चव्हाण', 'पाटील')).toBe(false);
  });

  it('should match nothing when either name is missing', () => {
    expect(namesPerson(null, 'शिवाजी चव्हाण')).toBe(false);
    expect(namesPerson('शिवाजी चव्हाण', '')).toBe(false);
  });
});

describe('personKey', () => {
  it('should give one key for the same person however the words are ordered or spelt', () => {
    expect(personKey('राहुल शिवाजी चव्हाण', 'शिवाजी चव्हाण')).toBe(personKey('चव्हाण राहुल शिवाजी', 'शिवाजी  चव्हाण'));
    expect(personKey('सुनीता गणेश पाटील', 'गणेश पाटील')).toBe(personKey('सुनिता गणेश पाटील', 'गणेश पाटील'));
  });

  it('should tell a father from his son when their names swap the same words', () => {
    // Rahul son of Shivaji, and Shivaji son of Rahul: the same words, different people.
    expect(personKey('राहुल शिवाजी चव्हाण', 'शिवाजी चव्हाण')).not.toBe(personKey('शिवाजी राहुल चव्हाण', 'राहुल चव्हाण'));
  });

  it('should give no key when the relative’s name is missing', () => {
    expect(personKey('राहुल शिवाजी चव्हाण', null)).toBeNull();
    expect(personKey('', 'शिवाजी चव्हाण')).toBeNull();
  });
});

describe('crossScriptPersonKey', () => {
  it('should give one key for the same person written in Latin letters, Devanagari or Gujarati', () => {
    const devanagari = crossScriptPersonKey('राहुल शिवाजी चव्हाण', 'शिवाजी चव्हाण');
    expect(devanagari).not.toBeNull();
    expect(crossScriptPersonKey('Rahul Shivaji Chavan', 'Shivaji Chavan')).toBe(devanagari);
    expect(crossScriptPersonKey('CHAVAN Rahul Shivaji', 'Shivaji  Chavan')).toBe(devanagari);
    expect(crossScriptPersonKey('રાહુલ શિવાજી ચવ્હાણ', 'શિવાજી ચવ્હાણ')).toBe(devanagari);
    expect(crossScriptPersonKey('Dnyaneshwar Pandurang Thakare', 'Pandurang Thakre')).toBe(crossScriptPersonKey('ज्ञानेश्वर पांडुरंग ठाकरे', 'पांडुरंग ठाकरे'));
  });

  it('should still give one key wherever the one-script key does', () => {
    const samePeople: [string, string, string, string][] = [
      ['राहुल शिवाजी चव्हाण', 'शिवाजी चव्हाण', 'चव्हाण राहुल शिवाजी', 'शिवाजी  चव्हाण'],
      ['सुनीता गणेश पाटील', 'गणेश पाटील', 'सुनिता गणेश पाटील', 'गणेश पाटील'],
      ['गणेश विठ्ठल पाटील', 'विठ्ठल पाटील', 'गणेश  विठ्ठल पाटिल', 'विठ्ठल पाटिल'],
      ['साँगळे रमेश', 'अशोक साँगळे', 'सांगळे रमेश', 'अशोक सांगळे'],
      ['रमे\u200Bश जोशी', 'ग़णेश जोशी', 'रमेश जोशी', 'गणेश जोशी'],
      ['Pāṭīl Anil', 'Ravi Patil', 'patil anil', 'RAVI PATIL'],
    ];
    for (const [name, relative, otherName, otherRelative] of samePeople) {
      expect(personKey(name, relative)).toBe(personKey(otherName, otherRelative));
      expect(crossScriptPersonKey(name, relative)).toBe(crossScriptPersonKey(otherName, otherRelative));
    }
  });

  it('should tell a father from his son and different relatives apart', () => {
    expect(crossScriptPersonKey('Rahul Shivaji Chavan', 'Shivaji Chavan')).not.toBe(crossScriptPersonKey('शिवाजी राहुल चव्हाण', 'राहुल चव्हाण'));
    expect(crossScriptPersonKey('Ganesh Vitthal Patil', 'Vitthal Patil')).not.toBe(crossScriptPersonKey('गणेश विठ्ठल पाटील', 'दत्तात्रय पाटील'));
  });

  it('should give no key when either name is missing or has no letters', () => {
    expect(crossScriptPersonKey('Rahul Chavan', null)).toBeNull();
    expect(crossScriptPersonKey('', 'Shivaji Chavan')).toBeNull();
    expect(crossScriptPersonKey('Rahul Chavan', '— 12 —')).toBeNull();
  });
});
