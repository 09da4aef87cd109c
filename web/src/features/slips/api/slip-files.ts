import type { SlipShare } from '@shared/slips/slip-schema';
import { apiRequest } from '@web/lib/api-client';
import { downloadApiFileWithHeaders } from '@web/lib/file-download';

// Slips come back as a PDF file (a download) or, to share, as data.

// GET /api/slips/... as a PDF download; answers how many deceased voters it left out (issue 61).
export async function downloadSlips(path: string, query: Record<string, string>): Promise<{ leftOut: number }> {
  const headers = await downloadApiFileWithHeaders(path, query, 'voter-slips.pdf');
  return { leftOut: Number(headers.get('X-Slips-Left-Out') ?? 0) || 0 };
}

export function getSlipShare(source: { kind: 'voter' | 'household'; id: number }): Promise<SlipShare> {
  return apiRequest<SlipShare>(`/slips/${source.kind === 'voter' ? 'voters' : 'households'}/${source.id}/share`);
}
