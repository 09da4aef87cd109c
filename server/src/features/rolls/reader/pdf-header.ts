import { open } from 'node:fs/promises';

// Whether a file starts like a PDF: the upload's check and the reader's, one rule. Its own module
// so the server's thread can ask without loading pdf.js. The header may follow a little junk;
// readers (pdf.js among them) accept it within the first kilobyte.
export async function startsLikePdf(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}
