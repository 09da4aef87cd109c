import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkResult } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';
import { changeMarksWithOutbox } from '@web/lib/offline/offline-api';

// Marks (or undoes the marks of) the booth's voters with these part serials. Marking twice is
// harmless on the server, and each request carries a key, so a retry after a lost answer changes
// nothing; without signal the marks wait in the phone's outbox (issue 21).
export function changeMarks(boothId: number, serials: number[], undo: boolean): Promise<MarkResult> {
  return changeMarksWithOutbox(boothId, serials, undo, (key) =>
    apiRequest<MarkResult>(`/poll/booths/${boothId}/${undo ? 'unmark' : 'marks'}`, { method: 'POST', body: { serials }, idempotencyKey: key }),
  );
}

export function useChangeMarks(boothId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serials, undo }: { serials: number[]; undo: boolean }) => changeMarks(boothId!, serials, undo),
    onSettled: () => client.invalidateQueries({ queryKey: ['poll'] }),
  });
}
