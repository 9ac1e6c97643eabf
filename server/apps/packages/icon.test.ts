import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TRAILER, contains, imageOf, jpegWithGps, pngBomb } from '../../../tests/fixtures/images';
import { iconType, readIcon } from './icon';

const bytesOf = (dataUrl: string, mime: string) => {
  expect(dataUrl.startsWith(`data:${mime};base64,`)).toBe(true);
  return Buffer.from(dataUrl.slice(`data:${mime};base64,`.length), 'base64');
};

describe('app icons: by their bytes, small, encoded again, with a thumbnail', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('accepts %s, keeps its type and size, and makes a 64×64 WebP thumbnail', async (format) => {
    const data = await imageOf(format, 256);
    const icon = await readIcon(`icon.${format}`, data);
    expect(await sharp(bytesOf(icon.iconData, `image/${format}`)).metadata()).toMatchObject({ format, width: 256, height: 256 });
    const thumb = bytesOf(icon.thumbnail, 'image/webp');
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });
    expect(thumb.length).toBeLessThan(data.length + 2048);
  });

  it('stores the re-encoded icon: no EXIF, nothing appended after it', async () => {
    const phone = Buffer.concat([await jpegWithGps(256, 256), TRAILER]);
    const icon = bytesOf((await readIcon('icon.jpg', phone)).iconData, 'image/jpeg');
    expect((await sharp(icon).metadata()).exif).toBeUndefined();
    expect(contains(icon, 'PhoneMaker')).toBe(false);
    expect(contains(icon, TRAILER)).toBe(false);
    const png = Buffer.concat([await imageOf('png', 128), TRAILER]);
    expect(contains(bytesOf((await readIcon('icon.png', png)).iconData, 'image/png'), TRAILER)).toBe(false);
  });

  it('refuses SVG, even named .png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(iconType(svg)).toBeNull();
    await expect(readIcon('icon.png', svg)).rejects.toMatchObject({
      statusCode: 400,
      code: 'manifest_invalid',
      message: 'The icon icon.png must be a PNG, JPEG, GIF or WebP image.',
    });
  });

  it('refuses an icon over 512 KB', async () => {
    const big = Buffer.concat([await imageOf('png', 256), Buffer.alloc(512 * 1024)]);
    await expect(readIcon('icon.png', big)).rejects.toMatchObject({ statusCode: 400, message: 'The icon icon.png is larger than 512 KB.' });
  });

  it('refuses bytes that only start like an image, a truncated image and a pixel bomb', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    const unreadable = { statusCode: 400, message: 'The icon icon.png is not a readable image.' };
    await expect(readIcon('icon.png', fake)).rejects.toMatchObject(unreadable);
    const png = await imageOf('png', 256);
    await expect(readIcon('icon.png', png.subarray(0, png.length - 30))).rejects.toMatchObject(unreadable);
    const started = performance.now();
    await expect(readIcon('icon.png', pngBomb(60000, 60000))).rejects.toMatchObject(unreadable);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
