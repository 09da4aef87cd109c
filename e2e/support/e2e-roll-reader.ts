import { open } from 'node:fs/promises';
import { realRollReader, type RollReader } from '../../server/src/features/rolls/roll-reader-seam';
import { fakeRollReader } from '../../server/test/rolls/fake-roll-reader';

// The browser tests' roll reader: a file carrying its pages as JSON (`%ROLL ` on its second
// line, fakeRollPdf) is read by the API tests' test double; every real PDF by the real reader.
async function isFake(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString('latin1').includes('\n%ROLL ');
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

export const e2eRollReader: RollReader = {
  readRoll(filePath, options) {
    return (async function* () {
      yield* (await isFake(filePath)) ? fakeRollReader.readRoll(filePath, options) : realRollReader.readRoll(filePath, options);
    })();
  },
  async renderRollCrop(filePath, page, rect) {
    return (await isFake(filePath)) ? fakeRollReader.renderRollCrop(filePath, page, rect) : realRollReader.renderRollCrop(filePath, page, rect);
  },
};
