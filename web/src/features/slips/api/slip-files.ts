import type { SlipShare } from '@shared/slips/slip-schema';
import { apiRequest } from '@web/lib/api-client';
import { downloadApiFile } from '@web/lib/file-download';

// Slips come back as a PDF file (a download) or, to share, as data.

// GET /api/slips/... as a PDF download.
export function downloadSlips(path: string, query: Record<string, string>): Promise<void> {
  return downloadApiFile(path, query, 'voter-slips.pdf');
}

export function getSlipShare(source: { kind: 'voter' | 'household'; id: number }): Promise<SlipShare> {
  return apiRequest<SlipShare>(`/slips/${source.kind === 'voter' ? 'voters' : 'households'}/${source.id}/share`);
}
