import jsQR from 'jsqr';

// Reading a slip's QR code from the camera or a photo (issue 61, decision 085) with jsQR: pure
// JavaScript, no WebAssembly or download of its own, the same decoder the server's tests read
// printed slips with. This module (and jsQR) loads only with the scanner.

// A camera frame is read at most this wide: a slip's code held up to the phone fills a good part
// of the frame, and a smaller picture keeps each try to a few milliseconds on a cheap phone.
const FRAME_MAX = 640;
// A photo is tried at these sizes: the code may be a small part of a large picture.
const PHOTO_SIZES = [1200, 2000, 800];

function readCanvas(context: CanvasRenderingContext2D, width: number, height: number, thorough: boolean): string | null {
  const image = context.getImageData(0, 0, width, height);
  // Slips are black on white: a camera frame skips the inverted try, a photo makes it too.
  return jsQR(image.data, width, height, { inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert' })?.data ?? null;
}

function fit(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// The text of a QR code in the video's current frame, or null.
export function readVideoFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const size = fit(video.videoWidth, video.videoHeight, FRAME_MAX);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, size.width, size.height);
  return readCanvas(context, size.width, size.height, false);
}

// The text of a QR code in a photo (a picture file), or null.
export async function readImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    const tried = new Set<number>();
    for (const max of PHOTO_SIZES) {
      const size = fit(bitmap.width, bitmap.height, max);
      // A photo smaller than a size is read at its own size once.
      if (tried.has(size.width)) continue;
      tried.add(size.width);
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const text = readCanvas(context, size.width, size.height, true);
      if (text) return text;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
