import { availableParallelism } from 'node:os';
import sharp, { type SharpOptions } from 'sharp';

/**
 * Uploaded images (screenshots, app and bundle icons) go through sharp (libvips): read what the bytes are and
 * their size from the header, refuse what breaks the rules before a pixel is decoded, then decode within a
 * pixel limit and encode again to the same format. What is stored is only what was re-encoded: no EXIF (GPS,
 * camera, …), no comments or text chunks, nothing appended after the image (a ZIP or HTML "polyglot").
 */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** What an uploaded image really is, from its bytes (never its name): its type and size as displayed (EXIF orientation applied). */
export type ImageInfo = { type: ImageType; width: number; height: number };

/** The image, encoded again: `data` is what gets stored. */
export type CleanImage = ImageInfo & { data: Buffer };

/** Screenshot limits: per file, per side and in pixels (a decompression bomb claims a huge size). */
export const SCREENSHOT_LIMITS = { bytes: 5 * 1024 * 1024, side: 7680, pixels: 7680 * 4320, minSide: 160, files: 10, perVersion: 20 } as const;

// Only these four decoders ever see untrusted bytes: anything else libvips could read (SVG, TIFF, HEIF, PDF …)
// is refused by its first bytes before sharp is called. sharp must then agree on the type.
const MAGIC: [ImageType, (b: Buffer) => boolean][] = [
  ['png', (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a],
  ['jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['gif', (b) => b.length > 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))],
  ['webp', (b) => b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'],
];

/** The type an image's first bytes announce (not proof that it decodes). */
export const imageTypeOf = (data: Buffer): ImageType | null => MAGIC.find(([, test]) => test(data))?.[0] ?? null;

/**
 * Decode options for untrusted input. `failOn: 'error'` refuses truncated files and corrupt pixel data and
 * tolerates the warnings real cameras and editors leave (extraneous bytes before a marker, a known-wrong sRGB
 * profile); only the first frame of an animation is read; EXIF orientation is applied before it is dropped.
 */
const input = (limitInputPixels: number | false): SharpOptions => ({ limitInputPixels, failOn: 'error', animated: false, autoOrient: true });

// Uploads are one-off: nothing to gain from libvips' operation cache, and it would keep decoded images in memory.
sharp.cache(false);

/**
 * At most this many images are decoded at once in this process: each takes a libuv worker (shared with file
 * and crypto work) and up to width×height×channels bytes, so ten 8K screenshots queue instead of piling up.
 */
const SLOTS = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
let running = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export type Probe = { ok: true; info: ImageInfo } | { ok: false; reason: 'type' | 'unreadable' };

/**
 * Step one, from the header only (no pixel is decoded, so a 60000×60000 bomb costs nothing): the type, one of
 * `accept` by its bytes, and the size. 'type': not one of them; 'unreadable': starts like one but its header
 * does not parse.
 */
export async function probeImage(data: Buffer, accept: readonly ImageType[]): Promise<Probe> {
  const type = imageTypeOf(data);
  if (!type || !accept.includes(type)) return { ok: false, reason: 'type' };
  try {
    // No pixel limit here: the header is all that is read, and the caller words the size refusal itself.
    const m = await sharp(data, input(false)).metadata();
    if (m.format !== type) return { ok: false, reason: 'unreadable' };
    return { ok: true, info: { type, width: m.autoOrient.width, height: m.autoOrient.height } };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * Step two: decode (refused by libvips before decoding when the header claims more than `maxPixels`; refused
 * when truncated or corrupt) and encode again to the same format, without any metadata — sharp writes none
 * unless asked. null when it does not decode.
 */
export async function reencodeImage(data: Buffer, info: ImageInfo, maxPixels: number): Promise<CleanImage | null> {
  return inSlot(async () => {
    try {
      const image = sharp(data, input(maxPixels));
      // A palette PNG stays one (its ≤256 colours survive exactly), so re-encoding does not blow up its size.
      const encoded =
        info.type === 'png'
          ? image.png({ palette: (await image.metadata()).isPalette })
          : info.type === 'jpeg'
            ? image.jpeg({ quality: 90 })
            : info.type === 'gif'
              ? image.gif()
              : image.webp({ quality: 90 });
      const { data: out, info: written } = await encoded.toBuffer({ resolveWithObject: true });
      return { type: info.type, width: written.width, height: written.height, data: out };
    } catch {
      return null;
    }
  });
}

/** A thumbnail of an image that already decoded (a re-encoded one): `side`×`side`, cropped to cover, WebP. */
export async function thumbnailOf(clean: CleanImage, side: number, maxPixels: number): Promise<Buffer> {
  return inSlot(() => sharp(clean.data, input(maxPixels)).resize(side, side, { fit: 'cover' }).webp({ quality: 80 }).toBuffer());
}
