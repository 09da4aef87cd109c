import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RollPageResult } from '@shared/rolls/roll-types';
import { afterAll, describe, expect, it } from 'vitest';
import { readRoll } from './roll-reader';
import { type IndicLabels, indicVoters, writeIndicRoll } from './synthetic-indic-roll.test-helper';

// The whole reader on rolls with a right Gujarati or Devanagari text layer whose glyphs come in
// drawing order (synthetic-indic-roll.test-helper.ts): every field as written, from the layer
// alone, in Unicode's logical order.
const folder = mkdtempSync(path.join(os.tmpdir(), 'indic-roll-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function read(file: string): Promise<RollPageResult[]> {
  const pages: RollPageResult[] = [];
  for await (const page of readRoll(file, { concurrency: 1 })) pages.push(page);
  return pages;
}

describe('a right Indic text layer in drawing order', { timeout: 120_000 }, () => {
  for (const language of ['guj', 'mar', 'hin'] as const) {
    it(`should read every field of a ${language} roll in logical order when pdf.js gives its glyphs in drawing order`, async () => {
      const voters = indicVoters(language, 12);
      const file = path.join(folder, `${language}.pdf`);
      await writeIndicRoll(file, language, voters);
      const [page] = await read(file);
      expect(page).toMatchObject({ kind: 'voters', method: 'text' });
      const read_ = page!.voters.map((voter) => ({ serial: voter.serialNo, epic: voter.epic, name: voter.fullName, relation: voter.relation, relative: voter.relativeName, house: voter.houseNo, age: voter.age, gender: voter.gender }));
      expect(read_).toEqual(voters.map((voter) => ({ serial: voter.serial, epic: voter.epic, name: voter.name, relation: voter.relation, relative: voter.relative, house: voter.house, age: voter.age, gender: voter.gender })));
      expect(page!.voters.filter((voter) => voter.review.length > 0)).toEqual([]);
    });
  }

  // The spellings other Gujarati rolls print: the voter's label, the anusvara dropped, the husband
  // spelled પતી, the house number cut short, ઉમર, લિંગ, પુરૂષ.
  const older: IndicLabels = { name: 'મતદારનું નામ', father: 'પિતાનુ નામ', husband: 'પતીનું નામ', house: 'ઘર નં.', age: 'ઉમર', gender: 'લિંગ', Male: 'પુરૂષ', Female: 'સ્ત્રી' };
  const other: IndicLabels = { name: 'નામ', father: 'માતાનું નામ', husband: 'પતિનુ નામ', house: 'મકાન નંબર', age: 'ઉંમર', gender: 'જાતિ', Male: 'પુરુષ', Female: 'મહિલા' };
  for (const [spelling, labels] of [['older', older], ['other', other]] as const) {
    it(`should read the ${spelling} spellings of a Gujarati roll's labels and gender words`, async () => {
      const voters = indicVoters('guj', 9);
      const file = path.join(folder, `guj-${spelling}.pdf`);
      await writeIndicRoll(file, 'guj', voters, labels);
      const [page] = await read(file);
      const read_ = page!.voters.map((voter) => ({ name: voter.fullName, relation: voter.relation, relative: voter.relativeName, house: voter.houseNo, age: voter.age, gender: voter.gender }));
      // The "father" label here is a mother's.
      const relationOf = (relation: string) => (spelling === 'other' && relation === 'father' ? 'mother' : relation);
      expect(read_).toEqual(voters.map((voter) => ({ name: voter.name, relation: relationOf(voter.relation), relative: voter.relative, house: voter.house, age: voter.age, gender: voter.gender })));
    });
  }
});
