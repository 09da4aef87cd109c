import { useMutation, useQueryClient } from '@tanstack/react-query';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import { IMPORT_FILE_FIELD, type ImportResult } from '@shared/voters/voter-import-schema';
import { ApiError, getStoredToken } from '@web/lib/api-client';

// The import upload needs more than apiRequest gives (upload progress), so it calls the API
// itself, with the same Bearer token; downloads go through web/src/lib/file-download.ts.

export type ImportProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

function uploadImport(file: File, updateExisting: boolean, onProgress: (progress: ImportProgress) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('update_existing', updateExisting ? 'true' : 'false');
    form.append(IMPORT_FILE_FIELD, file);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/voters/import');
    const token = getStoredToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    // Once the bytes are sent, the server reads and saves the rows.
    request.upload.onload = () => onProgress({ phase: 'processing' });
    request.onload = () => {
      const body = request.response as (ImportResult & { message?: string }) | null;
      if (request.status === 200 && body) resolve(body);
      else reject(new ApiError(request.status, typeof body?.message === 'string' ? body.message : ''));
    };
    request.onerror = () => reject(new ApiError(0, ''));
    request.send(form);
  });
}

export function useImportVoters(onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, updateExisting }: { file: File; updateExisting: boolean }) => uploadImport(file, updateExisting, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voters'] }),
  });
}

// The error or warning table as a CSV the user can open in a spreadsheet; texts that a
// spreadsheet would run as formulas are quoted.
export function detailsCsv(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): Blob {
  const cell = (value: string | number) => {
    const text = String(value);
    const safe = neutralizeCell(text);
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [headers.map(cell).join(','), ...rows.map((row) => row.map(cell).join(','))];
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}
