import { ApiError, getStoredToken } from './api-client';
import { i18n } from './i18n';

// Files from the API (exports, voter slips) need more than apiRequest gives (a file back), so
// they are fetched here with the same Bearer token and handed to the browser as downloads.

function fileNameFrom(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  return new ApiError(response.status, typeof body.message === 'string' ? body.message : '');
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// GET a file from the API and hand it to the browser as a download; a refusal comes back as an
// ApiError worded in the language on screen.
export async function downloadApiFile(path: string, query: Record<string, string>, fallbackName: string): Promise<void> {
  await downloadApiFileWithHeaders(path, query, fallbackName);
}

// The same, answering the response's headers (a slip print says how many voters it left out).
export async function downloadApiFileWithHeaders(path: string, query: Record<string, string>, fallbackName: string): Promise<Headers> {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();
  const token = getStoredToken();
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}${search ? `?${search}` : ''}`, { headers });
  if (!response.ok) throw await errorFrom(response);
  saveBlob(await response.blob(), fileNameFrom(response.headers.get('Content-Disposition'), fallbackName));
  return response.headers;
}
