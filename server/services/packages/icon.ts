import sharp from 'sharp';
import { HttpError } from '../../errors';

/** The manifest's icon: PNG, JPEG, GIF or WebP by its bytes (never SVG, never by its name), at most 512 KB. */
export const ICON_LIMITS = { bytes: 512 * 1024, thumbnailSide: 64, maxPixels: 4096 * 4096 } as const;

const types: [mime: string, test: (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a],
  ['image/jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.length > 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))],
  ['image/webp', (b) => b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'],
];

export const iconType = (data: Buffer): string | null => types.find(([, test]) => test(data))?.[0] ?? null;

const refuse = (message: string, path: string) => new HttpError(400, 'manifest_invalid', message, [{ path, message }]);

/**
 * The icon as a data URL, and a small thumbnail for lists (64×64 WebP, made with sharp, which also proves
 * the image decodes). Refused with a 400 naming iconFile when it is not one of the four types or too large.
 */
export async function readIcon(name: string, data: Buffer, path = 'app.json.iconFile'): Promise<{ iconData: string; thumbnail: string }> {
  if (data.length > ICON_LIMITS.bytes) throw refuse(`The icon ${name} is larger than 512 KB.`, path);
  const mime = iconType(data);
  if (!mime) throw refuse(`The icon ${name} must be a PNG, JPEG, GIF or WebP image.`, path);
  let thumb: Buffer;
  try {
    thumb = await sharp(data, { limitInputPixels: ICON_LIMITS.maxPixels, animated: false })
      .resize(ICON_LIMITS.thumbnailSide, ICON_LIMITS.thumbnailSide, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw refuse(`The icon ${name} is not a readable image.`, path);
  }
  return { iconData: `data:${mime};base64,${data.toString('base64')}`, thumbnail: `data:image/webp;base64,${thumb.toString('base64')}` };
}
