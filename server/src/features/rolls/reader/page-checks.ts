import { type RollVoterBox } from '@shared/rolls/roll-types';
import leven from 'leven';
import { checkEpic, findEpic, nearestEpic } from './epic';
import { type GrayImage } from './gray-image';
import { type OcrEngine } from './ocr';
import { marginPng } from './ocr-pieces';
import { EPIC_CHARACTERS, SCALE } from './page-scale';
import { type Turn } from './page-turns';
import type { PageReadState } from './read-state';

// An EPIC OCR missed, read malformed ("HNLE957229", "XO0R0217125": a 6 in a small font read
// as E, a round letter read twice) or read with a failing check digit ("WWE0398536" for
// WWE0398586) is read again alone, as printed and at one and a half times the size; a
// malformed one failing that becomes the nearest valid EPIC to the readings (epic.ts), its
// letters from the series this roll's EPICs use (each seen twice or more on the pages read so
// far). Either way the EPIC is flagged for a person: part of it is a guess. A valid EPIC OCR read
// (`readByOcr`: no text layer gave it) whose letters are one letter from a series of the roll
// but in none is flagged too (its letter mended when OCR confuses it with the series's, below):
// the check digit covers the digits only, so "IBC…" among a page of TBC numbers passes it (a T
// read as I). A series of its own otherwise is common (voters who moved in: 17 of the English part's 986) and is not flagged.
export async function checkEpics(ocr: OcrEngine, voters: RollVoterBox[], headers: string[], pictures: (GrayImage | null)[], state: PageReadState, turn: Turn, readByOcr: boolean): Promise<void> {
  // The series are those of this page and the pages asked for before it.
  await turn.ready;
  const seen = (state.epicSeries ??= new Map());
  for (const voter of voters) if (voter.epic && checkEpic(voter.epic) === 'valid') seen.set(voter.epic.slice(0, 3), (seen.get(voter.epic.slice(0, 3)) ?? 0) + 1);
  const series = [...seen].filter(([, count]) => count >= 2).map(([letters]) => letters);
  const oldStates = (state.oldEpicStates ??= new Map());
  for (const voter of voters) {
    const old = voter.epic ? oldEpicParts(voter.epic) : null;
    if (!old) continue;
    const states = oldStates.get(old.place) ?? new Map<string, number>();
    states.set(old.state, (states.get(old.state) ?? 0) + 1);
    oldStates.set(old.place, states);
  }
  turn.release();
  if (readByOcr) for (const voter of voters) mendOldEpicState(voter, oldStates);
  for (const [index, voter] of voters.entries()) {
    const check = voter.epic ? checkEpic(voter.epic) : 'format';
    if (check !== 'format' && check !== 'check-digit') continue;
    const texts = [headers[index] ?? ''];
    const picture = pictures[index];
    if (picture) {
      // Alone as a single line, as printed and one and a half times larger (the page's EPICs
      // were read stacked, as a block).
      for (const enlarge of [1, 1.5]) {
        texts.push((await ocr.read('eng', await marginPng(picture, enlarge), 'line', EPIC_CHARACTERS, Math.round(enlarge * 72 * SCALE))).map((line) => line.text).join(' '));
      }
    }
    const again = texts.slice(1).map(findEpic).find((read) => read && checkEpic(read) === 'valid');
    // A well-formed EPIC whose check digit fails may be a genuine older number, printed so: it
    // is kept, flagged, unless a reading alone gives a valid one.
    const epic = again ?? (check === 'format' ? nearestEpic(texts, series) : null);
    if (!epic) continue;
    voter.epic = epic;
    voter.confidence.epic = 0.6;
    voter.review = [...voter.review.filter((reason) => reason.field !== 'epic'), { field: 'epic', reason: 'low-confidence' }];
  }
  for (const voter of voters) {
    const letters = voter.epic?.slice(0, 3) ?? '';
    if (!readByOcr || !voter.epic || checkEpic(voter.epic) !== 'valid') continue;
    const near = series.filter((known) => [...known].filter((letter, at) => letter !== letters[at]).length === 1);
    // A letter OCR confuses with the series' own ("UGW" among UCW at 115 ppi) is taken for the
    // series' (flagged all the same: a moved-in voter's series may be one letter off). Misread
    // so often that it makes a series of its own, it is mended when the other is three times as
    // common.
    const confused = near.filter((known) => [...known].every((letter, at) => letter === letters[at] || CONFUSED_LETTERS.some((pair) => pair.includes(letter) && pair.includes(letters[at] as string))));
    const usual = confused.length === 1 && (seen.get(confused[0] as string) ?? 0) >= Math.max(MENDING_SERIES, 3 * (seen.get(letters) ?? 0)) ? (confused[0] as string) : null;
    if (series.includes(letters) && !usual) continue;
    if (near.length === 0) continue;
    if (usual) voter.epic = usual + voter.epic.slice(3);
    voter.confidence.epic = Math.min(voter.confidence.epic, 0.6);
    if (!voter.review.some((reason) => reason.field === 'epic')) voter.review = [...voter.review, { field: 'epic', reason: 'low-confidence' }];
  }
}

// Capital letters OCR takes for each other in a blurred scan.
const CONFUSED_LETTERS = ['CG', 'ODQ', 'ITJL', 'UVY', 'MNWH', 'EF', 'PR'];
// How many of a page's EPICs (and the pages' before it) a series has before a letter confused
// with it is mended.
const MENDING_SERIES = 4;

// An older-format EPIC is a state's letters, the constituency, the part and a number
// (RJ/12/094/114129). Every voter of a part printed with one shares the first three: OCR's
// misreading of the letters ("RU", "RW", "UJ" for RJ on a Rajasthan scan) is undone when the
// rest names the same constituency and part as the EPICs read before, and the letters are one
// off the ones most read there (twice or more). A constituency and part name the state, so the
// mended EPIC is as sure as its digits.
export function oldEpicParts(epic: string): { state: string; place: string } | null {
  const match = epic.match(/^([A-Z]{2})\/(\d{2}\/\d{2,3})\/\d{4,7}$/u);
  return match ? { state: match[1] as string, place: match[2] as string } : null;
}

export function mendOldEpicState(voter: Pick<RollVoterBox, 'epic'>, oldStates: Map<string, Map<string, number>>): void {
  const old = voter.epic ? oldEpicParts(voter.epic) : null;
  if (!old || !voter.epic) return;
  const [usual, count] = [...(oldStates.get(old.place) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const oneOff = (a: string, b: string) => [...a].filter((letter, at) => letter !== b[at]).length === 1;
  if (usual !== old.state && count >= 2 && (oldStates.get(old.place)?.get(old.state) ?? 0) < count && oneOff(usual, old.state)) {
    voter.epic = usual + voter.epic.slice(2);
    return;
  }
  // At low resolution every box of a part may misread the letters alike (all "RU" on a
  // Rajasthan page at 115 ppi): letters that are no state's, one letter off a single state's,
  // are that state's.
  if (STATE_LETTERS.includes(old.state)) return;
  const near = STATE_LETTERS.filter((letters) => oneOff(letters, old.state));
  if (near.length === 1) voter.epic = (near[0] as string) + voter.epic.slice(2);
}

// The states' and union territories' letters of older-format EPICs.
const STATE_LETTERS = ['AN', 'AP', 'AR', 'AS', 'BR', 'CG', 'CH', 'CT', 'DD', 'DL', 'DN', 'GA', 'GJ', 'HP', 'HR', 'JH', 'JK', 'KA', 'KL', 'LA', 'LD', 'MH', 'ML', 'MN', 'MP', 'MZ', 'NL', 'OD', 'OR', 'PB', 'PY', 'RJ', 'SK', 'TG', 'TN', 'TR', 'TS', 'UA', 'UK', 'UP', 'UT', 'WB'];

// Serial numbers run on from box to box in reading order. Small printed serials are the
// hardest thing for OCR, so the page's run decides: when enough boxes agree on one start, every
// box takes its place in the run. A box whose reading disagrees keeps the run's number; it is
// flagged unless the boxes on both sides read their own places in the run: then OCR misread this
// one's digits, as a box missed or found twice would put the boxes after it out of the run too.
// The first and last box have one side only (a box missed before the last is told by nothing
// else), so they stay flagged. A reading one digit away from its place in the run but far from
// every number on the page ("71" or "736" for 786 among 760 to 789) is a misread too: a box
// missed or out of order reads a number near the run, never one that far.
export function checkSerialRun(voters: Pick<RollVoterBox, 'serialNo' | 'confidence' | 'review'>[]): void {
  const votes = new Map<number, number>();
  voters.forEach((voter, index) => {
    if (voter.serialNo !== null && voter.confidence.serialNo >= 0.5) votes.set(voter.serialNo - index, (votes.get(voter.serialNo - index) ?? 0) + 1);
  });
  const [start, count] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (start === null || count < Math.max(3, voters.length * 0.3)) return;
  const inRun = voters.map((voter, index) => voter.serialNo === start + index);
  voters.forEach((voter, index) => {
    voter.review = voter.review.filter((r) => r.field !== 'serialNo');
    if (inRun[index]) {
      voter.confidence.serialNo = Math.max(voter.confidence.serialNo, 0.95);
      return;
    }
    const place = start + index;
    const isolated = inRun[index - 1] === true && inRun[index + 1] === true;
    const misread = voter.serialNo !== null && Math.abs(voter.serialNo - place) >= voters.length && leven(String(voter.serialNo), String(place)) === 1;
    const flagged = voter.serialNo !== null && !isolated && !misread;
    voter.confidence.serialNo = flagged ? 0.7 : 0.85;
    if (flagged) voter.review.push({ field: 'serialNo', reason: 'low-confidence' });
    voter.serialNo = place;
  });
}
