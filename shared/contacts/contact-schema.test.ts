import { describe, expect, it } from 'vitest';
import { contactIssuesSettingSchema, parseContactIssues } from './contact-issues';
import { contactInputSchema, isSupportLevel } from './contact-schema';

describe('contactInputSchema', () => {
  it('should trim the note, drop an empty one and count a repeated issue once', () => {
    expect(contactInputSchema.parse({ channel: 'visit', outcome: 'undecided', issues: ['Water', 'Water'], note: '   ' })).toEqual({ channel: 'visit', outcome: 'undecided', issues: ['Water'], note: null });
    expect(contactInputSchema.parse({ channel: 'call', outcome: 'opposed', note: ' Busy ' })).toEqual({ channel: 'call', outcome: 'opposed', issues: [], note: 'Busy' });
  });

  it('should refuse a channel or outcome outside the lists', () => {
    expect(contactInputSchema.safeParse({ channel: 'letter', outcome: 'undecided' }).success).toBe(false);
    expect(contactInputSchema.safeParse({ channel: 'visit', outcome: 'supporter' }).success).toBe(false);
  });
});

describe('isSupportLevel', () => {
  it('should count the five support outcomes and not the other three', () => {
    expect(['strong_supporter', 'leaning_supporter', 'undecided', 'leaning_away', 'opposed'].every(isSupportLevel)).toBe(true);
    expect(['not_at_home', 'moved_away', 'deceased'].some(isSupportLevel)).toBe(false);
  });
});

describe('the issues list setting', () => {
  it('should read one issue a line, skipping blank lines and spaces', () => {
    expect(parseContactIssues(' Water \r\n\nRoads\n  \nरेशन कार्ड')).toEqual(['Water', 'Roads', 'रेशन कार्ड']);
  });

  it('should refuse an issue written twice in another case', () => {
    expect(contactIssuesSettingSchema.safeParse('Water\nwater').success).toBe(false);
    expect(contactIssuesSettingSchema.safeParse('Water\nRoads').success).toBe(true);
  });
});
