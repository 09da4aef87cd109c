import { describe, expect, it, vi } from 'vitest';
import { fitLongSide, PHOTO_JPEG_QUALITY, type PhotoCodec, shrinkPhoto } from './shrink-photo';

const bytes = (size: number, type = 'image/jpeg', name = 'IMG_0001.JPG') => new File([new Uint8Array(size)], name, { type });

function fakeCodec(image: { width: number; height: number }, encodedSize: number) {
  const close = vi.fn();
  const encode = vi.fn<PhotoCodec['encode']>(async () => new Blob([new Uint8Array(encodedSize)], { type: 'image/jpeg' }));
  const codec: PhotoCodec = { decode: async () => ({ ...image, close }) as never, encode };
  return { codec, encode, close };
}

describe('fitLongSide', () => {
  it('should bring the long side down to 1600 px keeping the proportions', () => {
    expect(fitLongSide({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
    expect(fitLongSide({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('should never make a small photo larger', () => {
    expect(fitLongSide({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
});

describe('shrinkPhoto', () => {
  it('should send a 1600 px JPEG at quality 0.8 when a camera photo is large', async () => {
    const { codec, encode, close } = fakeCodec({ width: 4000, height: 3000 }, 350_000);
    const result = await shrinkPhoto(bytes(13_000_000), codec);
    expect(encode).toHaveBeenCalledWith(expect.anything(), { width: 1600, height: 1200 }, PHOTO_JPEG_QUALITY);
    expect(result.size).toBe(350_000);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('IMG_0001.jpg');
    expect(close).toHaveBeenCalled();
  });

  it('should turn a PNG into a JPEG named after it', async () => {
    const { codec } = fakeCodec({ width: 2000, height: 2000 }, 200_000);
    const result = await shrinkPhoto(bytes(3_000_000, 'image/png', 'scan.png'), codec);
    expect(result).toMatchObject({ name: 'scan.jpg', type: 'image/jpeg', size: 200_000 });
  });

  it('should keep the original when re-encoding would not make it smaller', async () => {
    const original = bytes(90_000);
    const { codec } = fakeCodec({ width: 600, height: 800 }, 120_000);
    expect(await shrinkPhoto(original, codec)).toBe(original);
  });

  it('should keep the original when the browser cannot read the image', async () => {
    const original = bytes(6_000_000, 'image/heic', 'IMG.HEIC');
    const codec: PhotoCodec = { decode: () => Promise.reject(new Error('unsupported')), encode: vi.fn() };
    expect(await shrinkPhoto(original, codec)).toBe(original);
    expect(codec.encode).not.toHaveBeenCalled();
  });
});
