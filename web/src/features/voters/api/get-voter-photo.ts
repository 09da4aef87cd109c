import { useEffect, useState } from 'react';
import { getStoredToken } from '@web/lib/api-client';

// Photos come only from the authenticated, booth-scoped GET /api/voters/{id}/photo. An <img src>
// cannot send the Bearer token, so the picture is fetched with it and shown from a blob URL.
// The file name rides along as ?v= so a changed photo is never served from the browser cache.
export async function getVoterPhoto(id: number, size: 'thumb' | 'full', version: string, signal?: AbortSignal): Promise<Blob> {
  const token = getStoredToken();
  const response = await fetch(`/api/voters/${id}/photo?size=${size}&v=${encodeURIComponent(version)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`photo ${response.status}`);
  return response.blob();
}

export function useVoterPhotoUrl(id: number, size: 'thumb' | 'full', version: string | null): string | null {
  const [url, setUrl] = useState<{ key: string; value: string } | null>(null);
  const key = `${id}:${size}:${version ?? ''}`;
  useEffect(() => {
    if (!version) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getVoterPhoto(id, size, version, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl({ key, value: objectUrl });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, size, version, key]);
  return url && url.key === key ? url.value : null;
}
