import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';

// Hostile spreadsheet files built byte by byte in the test, so the repository holds no binary
// fixtures and each file says plainly what it lies about. Shared by the spreadsheet library's
// unit tests (server/src/lib/spreadsheets) and the import's API tests.

// One zip entry as it is stored. The local header tells the truth unless a test edits it;
// `directory` overrides what the central directory claims about it.
export interface ZipEntry {
  name: string;
  data: Buffer; // the stored bytes (deflated unless method is 0)
  method: 0 | 8;
  crc: number;
  size: number;
  directory?: { name?: string; size?: number; zip64?: boolean; listed?: boolean };
}

export function zipEntry(name: string, content: Buffer | string): ZipEntry {
  const raw = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return { name, data: deflateRawSync(raw), method: 8, crc: crc32(raw), size: raw.length };
}

// An entry whose content is `block` repeated until it is `size` bytes, deflated as a stream so
// the test never holds the expanded bytes.
export async function repeatedEntry(name: string, size: number, block: Buffer, head = '', tail = ''): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  let crc = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  const body = size - Buffer.byteLength(head) - Buffer.byteLength(tail);
  for (let written = 0; written < body; written += block.length) await write(block.subarray(0, Math.min(block.length, body - written)));
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { name, data: Buffer.concat(chunks), method: 8, crc, size };
}

// A zip archive; `claimEntries` makes the end record lie about how many entries the directory holds.
export function zipArchive(entries: ZipEntry[], options: { claimEntries?: number } = {}): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, entry.data);
    const claim = entry.directory ?? {};
    if (claim.listed !== false) {
      listed += 1;
      const directoryName = Buffer.from(claim.name ?? entry.name);
      const size = claim.size ?? entry.size;
      // Zip64: the 32-bit fields say 0xffffffff and the real sizes sit in extra field 1.
      const extra = Buffer.alloc(claim.zip64 ? 20 : 0);
      if (claim.zip64) {
        extra.writeUInt16LE(1, 0);
        extra.writeUInt16LE(16, 2);
        extra.writeBigUInt64LE(BigInt(size), 4);
        extra.writeBigUInt64LE(BigInt(entry.data.length), 12);
      }
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(45, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(entry.method, 10);
      central.writeUInt32LE(entry.crc, 16);
      central.writeUInt32LE(claim.zip64 ? 0xffffffff : entry.data.length, 20);
      central.writeUInt32LE(claim.zip64 ? 0xffffffff : size, 24);
      central.writeUInt16LE(directoryName.length, 28);
      central.writeUInt16LE(extra.length, 30);
      central.writeUInt32LE(offset, 42);
      directory.push(central, directoryName, extra);
    }
    offset += local.length + name.length + entry.data.length;
  }
  const entriesClaimed = options.claimEntries ?? listed;
  const directoryBytes = entriesClaimed === 0 ? Buffer.alloc(0) : Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entriesClaimed, 8);
  end.writeUInt16LE(entriesClaimed, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

// Cell XML: a text, or a raw fragment when the test writes the cell itself.
export function textCell(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
}

export function sheetRow(number: number, texts: string[]): string {
  return `<row r="${number}">${texts.map((text, index) => textCell(`${String.fromCharCode(65 + index)}${number}`, text)).join('')}</row>`;
}

export const VOTER_HEADER_ROW = sheetRow(1, ['Voter Number', 'Full Name', 'Voter ID', 'Comment']);

const MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function sheetXml(rows: string, options: { doctype?: string; beforeData?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${options.doctype ?? ''}<worksheet ${MAIN_NS}>${options.beforeData ?? ''}<sheetData>${rows}</sheetData></worksheet>`;
}

// The parts of a small workbook as Excel lays them out (workbook and relationships before the
// sheet), with the given sheet (its XML, or an entry built by hand) and any extra parts.
export function workbookEntries(sheet: string | Buffer | ZipEntry, options: { extra?: ZipEntry[]; workbookRels?: string; workbookBody?: string } = {}): ZipEntry[] {
  return [
    zipEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    zipEntry('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships ${RELS_NS}><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    zipEntry('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook ${MAIN_NS}><sheets><sheet name="Voters" sheetId="1" r:id="rId1"/></sheets>${options.workbookBody ?? ''}</workbook>`),
    zipEntry('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships ${RELS_NS}><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${options.workbookRels ?? ''}</Relationships>`),
    ...(options.extra ?? []),
    typeof sheet === 'string' || Buffer.isBuffer(sheet) ? zipEntry('xl/worksheets/sheet1.xml', sheet) : sheet,
  ];
}

export function xlsxOf(sheet: string | Buffer | ZipEntry, options: Parameters<typeof workbookEntries>[1] = {}): Buffer {
  return zipArchive(workbookEntries(sheet, options));
}

export const EXTERNAL_RELATIONSHIP = `${REL}/externalLink`;
export const HYPERLINK_RELATIONSHIP = `${REL}/hyperlink`;
export { RELS_NS };

// One part of an .xlsx (a zip) as text, found through the central directory.
export function zipPartText(bytes: Buffer, name: string): string {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let position = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    const method = bytes.readUInt16LE(position + 10);
    const compressed = bytes.readUInt32LE(position + 20);
    const nameLength = bytes.readUInt16LE(position + 28);
    const skip = nameLength + bytes.readUInt16LE(position + 30) + bytes.readUInt16LE(position + 32);
    const offset = bytes.readUInt32LE(position + 42);
    if (bytes.toString('utf8', position + 46, position + 46 + nameLength) === name) {
      const start = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
      const data = bytes.subarray(start, start + compressed);
      return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    position += 46 + skip;
  }
  throw new Error(`no ${name} in the archive`);
}
