import { describe, expect, it } from 'vitest';
import { PROFILES } from './language-profiles';
import { plausibleName, plausibleNames } from './name-plausibility';

// Made-up names.
describe('plausibleNames', () => {
  it('should take names of one script that share a word', () => {
    expect(plausibleNames('पाटील किशोर रमेश', 'पाटील रमेश', PROFILES.mar)).toBe(true);
    expect(plausibleNames('Asha Rao', 'Ramesh Rao', PROFILES.eng)).toBe(true);
  });

  it('should refuse a name that keeps a label word, a digit or a stray mark', () => {
    expect(plausibleName('पाटील किशोर वडिलांचे नाव पाटील रमेश')).toBe(false);
    expect(plausibleName('निर्वाचक का नाम किशोर')).toBe(false);
    expect(plausibleName('Asha 3 Rao')).toBe(false);
    expect(plausibleName('पाटील «किशोर')).toBe(false);
  });

  it('should refuse mixed scripts, more than five words, and names sharing no word', () => {
    expect(plausibleName('पाटील Kishor')).toBe(false);
    expect(plausibleName('a b c d e f')).toBe(false);
    expect(plausibleNames('पाटील किशोर', 'जाधव रमेश', PROFILES.mar)).toBe(false);
  });

  it('should not ask a Hindi wife and husband to share a word', () => {
    expect(plausibleNames('सुनीता देवी', 'रमेश कुमार', PROFILES.hin)).toBe(true);
  });
});
