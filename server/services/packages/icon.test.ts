import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { iconType, readIcon } from './icon';

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', side = 256) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 30, b: 90 } } }).toFormat(format).toBuffer();

describe('app icons: by their bytes, small, with a thumbnail', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('accepts %s and makes a 64×64 WebP thumbnail', async (format) => {
    const data = await image(format);
    const icon = await readIcon(`icon.${format}`, data);
    expect(icon.iconData).toBe(`data:image/${format};base64,${data.toString('base64')}`);
    const thumb = Buffer.from(icon.thumbnail.replace('data:image/webp;base64,', ''), 'base64');
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });
    expect(thumb.length).toBeLessThan(data.length + 2048);
  });

  it('refuses SVG, even named .png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(iconType(svg)).toBeNull();
    await expect(readIcon('icon.png', svg)).rejects.toMatchObject({ statusCode: 400, code: 'manifest_invalid', message: 'The icon icon.png must be a PNG, JPEG, GIF or WebP image.' });
  });

  it('refuses an icon over 512 KB', async () => {
    const big = Buffer.concat([await image('png'), Buffer.alloc(512 * 1024)]);
    await expect(readIcon('icon.png', big)).rejects.toMatchObject({ statusCode: 400, message: 'The icon icon.png is larger than 512 KB.' });
  });

  it('refuses bytes that only start like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    await expect(readIcon('icon.png', fake)).rejects.toMatchObject({ statusCode: 400, message: 'The icon icon.png is not a readable image.' });
  });
});
