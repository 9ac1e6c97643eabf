import { HttpError } from '../../errors';
import { imageTypeOf, probeImage, reencodeImage, thumbnailOf, type ImageType } from '../../kernel/images';

/** The manifest's icon: PNG, JPEG, GIF or WebP by its bytes (never SVG, never by its name), at most 512 KB. */
export const ICON_LIMITS = { bytes: 512 * 1024, thumbnailSide: 64, maxPixels: 4096 * 4096 } as const;

const ICON_TYPES: readonly ImageType[] = ['png', 'jpeg', 'gif', 'webp'];

/** The icon's MIME type by its first bytes, when it is one of the four (not proof that it decodes). */
export const iconType = (data: Buffer): string | null => {
  const type = imageTypeOf(data);
  return type && ICON_TYPES.includes(type) ? `image/${type}` : null;
};

const refuse = (message: string, path: string) => new HttpError(400, 'manifest_invalid', message, [{ path, message }]);

/**
 * The icon as a data URL of the image decoded and encoded again in its own format (see images.ts: no EXIF,
 * nothing appended after it, at most 4096×4096 pixels, decoded only once its header is within that), and a
 * small thumbnail for lists (64×64 WebP). Refused with a 400 naming iconFile when it is not one of the four
 * types, too large, or does not decode.
 */
export async function readIcon(name: string, data: Buffer, path = 'app.json.iconFile'): Promise<{ iconData: string; thumbnail: string }> {
  if (data.length > ICON_LIMITS.bytes) throw refuse(`The icon ${name} is larger than 512 KB.`, path);
  const probe = await probeImage(data, ICON_TYPES);
  if (!probe.ok && probe.reason === 'type') throw refuse(`The icon ${name} must be a PNG, JPEG, GIF or WebP image.`, path);
  const unreadable = () => refuse(`The icon ${name} is not a readable image.`, path);
  if (!probe.ok || probe.info.width * probe.info.height > ICON_LIMITS.maxPixels) throw unreadable();
  const clean = await reencodeImage(data, probe.info, ICON_LIMITS.maxPixels);
  if (!clean) throw unreadable();
  const thumb = await thumbnailOf(clean, ICON_LIMITS.thumbnailSide, ICON_LIMITS.maxPixels).catch(() => {
    throw unreadable();
  });
  return { iconData: `data:image/${clean.type};base64,${clean.data.toString('base64')}`, thumbnail: `data:image/webp;base64,${thumb.toString('base64')}` };
}
