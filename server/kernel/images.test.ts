import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TRAILER, contains, imageOf, jpegWithGps, pngBomb, pngImage } from '../../tests/fixtures/images';
import { probeImage, reencodeImage, SCREENSHOT_LIMITS, type ImageInfo } from './images';

const SCREENSHOT = ['png', 'jpeg'] as const;
const probed = async (data: Buffer) => {
  const p = await probeImage(data, SCREENSHOT);
  if (!p.ok) throw new Error(`refused: ${p.reason}`);
  return p.info;
};
const clean = async (data: Buffer) => reencodeImage(data, await probed(data), SCREENSHOT_LIMITS.pixels);

describe('images: the header first, nothing decoded', () => {
  it('reads a PNG’s and a JPEG’s type and size', async () => {
    expect(await probed(pngImage(960, 540))).toEqual({ type: 'png', width: 960, height: 540 });
    expect(await probed(await jpegWithGps(1920, 1080))).toEqual({ type: 'jpeg', width: 1920, height: 1080 });
    const progressive = await sharp(pngImage(640, 360)).jpeg({ progressive: true }).toBuffer();
    expect(await probed(progressive)).toEqual({ type: 'jpeg', width: 640, height: 360 });
  });

  it('gives the size as displayed: EXIF orientation applied', async () => {
    const portrait = await sharp(pngImage(400, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await probed(portrait)).toEqual({ type: 'jpeg', width: 200, height: 400 });
    const out = (await clean(portrait))!;
    expect([out.width, out.height]).toEqual([200, 400]);
    expect((await sharp(out.data).metadata()).orientation).toBeUndefined();
  });

  it('refuses what is not a PNG or JPEG, whatever it is called', async () => {
    const gif = await imageOf('gif', 200);
    expect(await probeImage(gif, SCREENSHOT)).toEqual({ ok: false, reason: 'type' });
    expect(await probeImage(await imageOf('webp', 200), SCREENSHOT)).toEqual({ ok: false, reason: 'type' });
    expect(await probeImage(Buffer.from('GIF89a' + 'x'.repeat(40)), SCREENSHOT)).toEqual({ ok: false, reason: 'type' });
    expect(await probeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"/>'), SCREENSHOT)).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(await probeImage(Buffer.from('just some text, saved as screenshot.png'), SCREENSHOT)).toEqual({ ok: false, reason: 'type' });
    expect(await probeImage(Buffer.alloc(0), SCREENSHOT)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses what starts like a PNG or JPEG but has no header that parses', async () => {
    expect(await probeImage(pngImage(960, 540).subarray(0, 20), SCREENSHOT)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await probeImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), SCREENSHOT)).toEqual({ ok: false, reason: 'unreadable' });
    // Where GIF is accepted, bytes that only start like one do not pass either.
    expect(await probeImage(Buffer.from('GIF89a' + 'x'.repeat(40)), ['gif'])).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('images: decoded and encoded again', () => {
  it('a JPEG with EXIF (camera, GPS) comes back as a JPEG of the same size without any', async () => {
    const phone = await jpegWithGps(960, 540);
    const before = await sharp(phone).metadata();
    expect(before.exif).toBeDefined();
    expect(contains(phone, 'PhoneMaker')).toBe(true);
    const out = (await clean(phone))!;
    expect(out).toMatchObject({ type: 'jpeg', width: 960, height: 540 });
    const after = await sharp(out.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 960, height: 540 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(contains(out.data, 'Exif')).toBe(false);
    expect(contains(out.data, 'PhoneMaker')).toBe(false);
  });

  it('drops PNG text chunks and EXIF', async () => {
    const tagged = await sharp(pngImage(320, 180))
      .png()
      .withExif({ IFD0: { Copyright: 'secret-owner' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">secret-xmp</x:xmpmeta>')
      .toBuffer();
    expect(contains(tagged, 'secret-owner')).toBe(true);
    const out = (await clean(tagged))!;
    expect(out.type).toBe('png');
    expect(contains(out.data, 'secret-owner')).toBe(false);
    expect(contains(out.data, 'secret-xmp')).toBe(false);
    expect((await sharp(out.data).metadata()).exif).toBeUndefined();
  });

  it('drops bytes appended after IEND and after the JPEG EOI (polyglots)', async () => {
    const png = pngImage(960, 540);
    const pngOut = (await clean(Buffer.concat([png, TRAILER])))!;
    expect(contains(pngOut.data, TRAILER)).toBe(false);
    expect(pngOut.data.subarray(-12)).toEqual(Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]));
    const jpeg = await jpegWithGps(960, 540);
    const jpegOut = (await clean(Buffer.concat([jpeg, TRAILER])))!;
    expect(contains(jpegOut.data, TRAILER)).toBe(false);
    expect([...jpegOut.data.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(contains(jpegOut.data, '<script>')).toBe(false);
  });

  it('keeps the pixels (a PNG is lossless; a palette PNG stays a palette PNG)', async () => {
    const png = pngImage(200, 200, [10, 200, 30]);
    const out = (await clean(png))!;
    expect(await sharp(out.data).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    const palette = await sharp(png).png({ palette: true }).toBuffer();
    const paletteOut = (await clean(palette))!;
    expect((await sharp(paletteOut.data).metadata()).isPalette).toBe(true);
    expect(await sharp(paletteOut.data).removeAlpha().raw().toBuffer()).toEqual(await sharp(palette).removeAlpha().raw().toBuffer());
  });

  it('refuses a pixel bomb from its header: quickly, without decoding it', async () => {
    const bomb = pngBomb(60000, 60000);
    expect(bomb.length).toBeLessThan(2048);
    const started = performance.now();
    // The header is read (the caller refuses 60000×60000 with its own message) …
    expect(await probed(bomb)).toEqual({ type: 'png', width: 60000, height: 60000 });
    // … and even a caller that forgot to check cannot have it decoded: libvips' pixel limit refuses it first.
    const info: ImageInfo = { type: 'png', width: 60000, height: 60000 };
    expect(await reencodeImage(bomb, info, SCREENSHOT_LIMITS.pixels)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a truncated PNG or JPEG, and corrupt image data', async () => {
    const png = pngImage(960, 540);
    expect(await clean(png.subarray(0, png.length - 40))).toBeNull();
    expect(await clean(png.subarray(0, Math.floor(png.length / 2)))).toBeNull();
    const jpeg = await jpegWithGps(960, 540);
    expect(await clean(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBeNull();
    const corrupt = Buffer.from(png);
    corrupt.fill(0x55, 60, 200); // inside IDAT: the zlib stream no longer inflates
    expect(await clean(corrupt)).toBeNull();
  });

  it('runs many at once (queued, none lost)', async () => {
    const images = Array.from({ length: 12 }, (_, i) => pngImage(320 + i, 180, [i * 20, 90, 200]));
    const outs = await Promise.all(images.map(clean));
    expect(outs.map((o) => o?.width)).toEqual(images.map((_, i) => 320 + i));
  });
});
