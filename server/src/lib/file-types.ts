// What a file is, from its first bytes (its magic number), never from its name or the type the
// browser claims: a ".jpg" that is really text or a script is refused wherever files come in
// (voter photos, service-request attachments).
export type SniffedFileType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf';
export type ImageFileType = Exclude<SniffedFileType, 'pdf'>;

export function sniffFileType(bytes: Buffer): SniffedFileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

export function sniffImageType(bytes: Buffer): ImageFileType | null {
  const type = sniffFileType(bytes);
  return type === 'pdf' ? null : type;
}
