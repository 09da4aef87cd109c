import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { SpreadsheetError, UNREADABLE_SPREADSHEET } from './spreadsheet-error';

// An .xlsx is a zip archive. Readers disagree on which of its two tables of contents they
// trust (streaming readers walk the local headers, others the central directory), so the
// directory is only worth believing once the local entries are proven to be exactly the ones it
// lists, and its sizes only once each entry is proven to expand to no more than it declares.
// The sheet reader (xlsx-sheet-reader.ts) then reads only the parts proven here.

// Zip-bomb limits: no entry, and not the archive as a whole, may expand more than this ratio
// (past a small size), and the archive may not expand past the total.
const ZIP_MAX_RATIO = 100;
const ZIP_RATIO_FROM_BYTES = 1024 * 1024;
const ZIP_MAX_TOTAL_BYTES = 3 * 1024 * 1024 * 1024;
// The sheet reader holds the shared-strings table in memory as JavaScript strings (up to three
// times the XML): a table of a few GB, honest or not, would exhaust the heap. 256 MB is many times the
// table of a 100,000-row sheet.
export const XLSX_SHARED_STRINGS_MAX_BYTES = 256 * 1024 * 1024;

export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
export const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';
// Which parts are sheets (unanchored, as exceljs matches them, so no sheet escapes the end check).
const SHEET_PART = /xl\/worksheets\/sheet\d+[.]xml/;
// A whole sheet ends with its closing tag; a sheet cut short would import silently shortened.
const SHEET_END = /<\/(?:[\w.-]+:)?worksheet>\s*$/;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const MAX_32 = 0xffffffff;

const bomb = () => new SpreadsheetError('bomb', 'The file expands to far more data than a spreadsheet holds and was refused');
const damaged = () => new SpreadsheetError('damaged', UNREADABLE_SPREADSHEET);

// One entry of the archive: its local header and data are bytes [start, end) of the file, its
// (compressed, method 0 = stored) data bytes [dataStart, dataEnd).
export interface ZipPart {
  name: string;
  start: number;
  end: number;
  dataStart: number;
  dataEnd: number;
  method: number;
}

interface DirectoryEntry {
  name: Buffer;
  method: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

interface CheckedEntry extends DirectoryEntry {
  dataStart: number;
  untilDescriptor: boolean;
  // Where the entry ends, data descriptor included: the next entry starts here.
  end: number;
}

async function readAt(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function readDirectory(handle: FileHandle, size: number): Promise<{ entries: DirectoryEntry[]; directoryOffset: number }> {
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt(handle, tailLength, size - tailLength);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw damaged();
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset === MAX_32 || count === 0xffff) {
    // Zip64: the real figures sit in the zip64 end record that the locator points to.
    const locator = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
    if (locator < 0) throw damaged();
    const record = await readAt(handle, 56, Number(tail.readBigUInt64LE(locator + 8)));
    count = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (count === 0 || directorySize > 64 * 1024 * 1024 || directoryOffset + directorySize > size) throw damaged();
  const directory = await readAt(handle, directorySize, directoryOffset);
  const entries: DirectoryEntry[] = [];
  let position = 0;
  for (let index = 0; index < count; index += 1) {
    if (position + 46 > directory.length || directory.readUInt32LE(position) !== CENTRAL_HEADER) throw damaged();
    let compressed = directory.readUInt32LE(position + 20);
    let uncompressed = directory.readUInt32LE(position + 24);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    let offset = directory.readUInt32LE(position + 42);
    if (uncompressed === MAX_32 || compressed === MAX_32 || offset === MAX_32) {
      // Zip64 extra field (id 1): the 64-bit values, in this order, each only when needed.
      const extra = directory.subarray(position + 46 + nameLength, position + 46 + nameLength + extraLength);
      for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
        if (extra.readUInt16LE(at) !== 1) continue;
        let field = at + 4;
        const next = () => {
          const value = Number(extra.readBigUInt64LE(field));
          field += 8;
          return value;
        };
        if (uncompressed === MAX_32) uncompressed = next();
        if (compressed === MAX_32) compressed = next();
        if (offset === MAX_32) offset = next();
      }
      if (uncompressed === MAX_32 || compressed === MAX_32 || offset === MAX_32) throw damaged();
    }
    const name = directory.subarray(position + 46, position + 46 + nameLength);
    entries.push({ name, method: directory.readUInt16LE(position + 10), compressed, uncompressed, offset });
    position += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, directoryOffset };
}

function assertDeclaredSizesAreSafe(entries: DirectoryEntry[], size: number): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressed;
    if (entry.uncompressed > ZIP_RATIO_FROM_BYTES && entry.uncompressed > Math.max(entry.compressed, 1) * ZIP_MAX_RATIO) throw bomb();
    if (entry.name.toString('utf8') === SHARED_STRINGS_PART && entry.uncompressed > XLSX_SHARED_STRINGS_MAX_BYTES) {
      throw new SpreadsheetError('too-much-text', 'The file holds more text than can be read at once; save it as .csv and import that instead');
    }
  }
  // Many small entries can do together what no single one may.
  if (total > ZIP_MAX_TOTAL_BYTES || (total > ZIP_RATIO_FROM_BYTES && total > size * ZIP_MAX_RATIO)) throw bomb();
}

// Walks the local entries as unzipper will: each must be the next directory entry, under the
// same name and method, with its data where the directory says, and nothing in between.
async function checkLocalEntries(handle: FileHandle, entries: DirectoryEntry[], directoryOffset: number): Promise<CheckedEntry[]> {
  const checked: CheckedEntry[] = [];
  let position = 0;
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    if (entry.offset !== position) throw damaged();
    const header = await readAt(handle, 30, entry.offset);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw damaged();
    const flags = header.readUInt16LE(6);
    const localCompressed = header.readUInt32LE(18);
    const nameLength = header.readUInt16LE(26);
    const name = await readAt(handle, nameLength, entry.offset + 30);
    if (!name.equals(entry.name) || header.readUInt16LE(8) !== entry.method) throw damaged();
    const dataStart = entry.offset + 30 + nameLength + header.readUInt16LE(28);
    const dataEnd = dataStart + entry.compressed;
    // unzipper takes the size from the local header, or when that is 0 under a data descriptor
    // (flag bit 3) reads up to the first descriptor signature, which must then come right here.
    const untilDescriptor = (flags & 0x08) !== 0 && localCompressed === 0;
    if (untilDescriptor) {
      if (!(await readAt(handle, 4, dataEnd)).equals(DESCRIPTOR)) throw damaged();
      position = dataEnd + 16;
    } else {
      if (localCompressed !== entry.compressed) throw damaged();
      position = dataEnd;
    }
    checked.push({ ...entry, dataStart, untilDescriptor, end: position });
  }
  if (position !== directoryOffset) throw damaged();
  return checked;
}

// The last `length` bytes of what came before followed by `chunk`, without copying big chunks.
function lastBytes(before: Buffer, chunk: Buffer, length: number): Buffer {
  return chunk.length >= length ? chunk.subarray(-length) : Buffer.concat([before, chunk]).subarray(-length);
}

// Inflates one entry as unzipper will (any method but 0 as deflate), counting what comes out and
// stopping the moment it passes the size the directory declared.
async function assertExpandsAsDeclared(path: string, entry: CheckedEntry): Promise<void> {
  if (entry.compressed === 0) return;
  const isSheet = SHEET_PART.test(entry.name.toString('utf8'));
  let produced = 0;
  let tail: Buffer = Buffer.alloc(0);
  let carry: Buffer = Buffer.alloc(0);
  // A descriptor signature inside the data would end the entry early for unzipper, and what
  // followed would be read as entries nobody checked.
  const scan = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (entry.untilDescriptor) {
        if (chunk.includes(DESCRIPTOR) || Buffer.concat([carry, chunk.subarray(0, 3)]).includes(DESCRIPTOR)) return done(damaged());
        carry = lastBytes(carry, chunk, 3);
      }
      done(null, chunk);
    },
  });
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      produced += chunk.length;
      if (isSheet) tail = lastBytes(tail, chunk, 64);
      done(produced > entry.uncompressed ? bomb() : null);
    },
  });
  const source = createReadStream(path, { start: entry.dataStart, end: entry.dataStart + entry.compressed - 1, highWaterMark: 1024 * 1024 });
  try {
    await pipeline(source, scan, entry.method === 0 ? new PassThrough() : createInflateRaw({ chunkSize: 256 * 1024 }), count);
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : damaged();
  }
  if (isSheet && !SHEET_END.test(tail.toString('latin1'))) throw damaged();
}

// Refuses an .xlsx that is a zip bomb or whose parts disagree with its directory, before
// anything is read from it; returns the parts in file order.
export async function inspectXlsxArchive(path: string): Promise<ZipPart[]> {
  let entries: CheckedEntry[];
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const directory = await readDirectory(handle, size);
    assertDeclaredSizesAreSafe(directory.entries, size);
    entries = await checkLocalEntries(handle, directory.entries, directory.directoryOffset);
  } catch (error) {
    // A directory that points past its own end reads as garbage: damaged, not a server error.
    throw error instanceof SpreadsheetError ? error : damaged();
  } finally {
    await handle.close();
  }
  for (const entry of entries) await assertExpandsAsDeclared(path, entry);
  return entries.map((entry) => ({
    name: entry.name.toString('utf8'),
    start: entry.offset,
    end: entry.end,
    dataStart: entry.dataStart,
    dataEnd: entry.dataStart + entry.compressed,
    method: entry.method,
  }));
}
