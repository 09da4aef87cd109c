// A voter photo made small on the phone before it is sent (issue 21): a 13 MB camera photo
// over village mobile data took minutes and then failed at the server's 5 MB limit. A long
// side of 1,600 px at JPEG quality 0.8 keeps a face sharp and weighs a few hundred KB.
export const PHOTO_LONG_SIDE = 1600;
export const PHOTO_JPEG_QUALITY = 0.8;

export interface PhotoSize {
  width: number;
  height: number;
}

// The size that fits the long side, keeping the proportions; never larger than the original.
export function fitLongSide(size: PhotoSize, longSide = PHOTO_LONG_SIDE): PhotoSize {
  const scale = Math.min(1, longSide / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

// What shrinking needs from the browser, handed in so the rule is testable without a canvas.
export interface PhotoCodec {
  decode: (file: Blob) => Promise<{ width: number; height: number; close?: () => void } & CanvasImageSource>;
  encode: (image: CanvasImageSource, size: PhotoSize, quality: number) => Promise<Blob>;
}

// EXIF orientation applied while decoding: a portrait phone photo stays upright once the
// EXIF block is gone from the re-encoded JPEG.
const browserCodec: PhotoCodec = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  encode: async (image, size, quality) => {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG turns white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))), 'image/jpeg', quality));
  },
};

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

// The photo to upload: a smaller JPEG, or the original when the browser cannot read it (the
// server then judges it) or when re-encoding would not make it smaller (a small photo already).
export async function shrinkPhoto(file: File, codec: PhotoCodec = browserCodec): Promise<File> {
  let image: Awaited<ReturnType<PhotoCodec['decode']>>;
  try {
    image = await codec.decode(file);
  } catch {
    return file;
  }
  try {
    const size = fitLongSide(image);
    const blob = await codec.encode(image, size, PHOTO_JPEG_QUALITY);
    if (blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    image.close?.();
  }
}
