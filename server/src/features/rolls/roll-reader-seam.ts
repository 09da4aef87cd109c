import { readRoll, renderRollCrop } from './reader/roll-reader';

// The one seam between the roll import and the reader (docs/decisions/036-roll-import.md): the
// app uses the real reader; the API tests pass a fake that yields RollPageResult values.
export interface RollReader {
  readRoll: typeof readRoll;
  renderRollCrop: typeof renderRollCrop;
}

export const realRollReader: RollReader = { readRoll, renderRollCrop };

export { RollReadError } from './reader/roll-reader';
