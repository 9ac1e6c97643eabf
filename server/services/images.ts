/** What an uploaded image really is, from its bytes (never its name): PNG or JPEG and its size in pixels. */
export type ImageInfo = { type: 'png' | 'jpeg'; width: number; height: number };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(data: Buffer): ImageInfo | null {
  if (data.length < 24 || !PNG.every((b, i) => data[i] === b)) return null;
  // The first chunk is IHDR: width and height, big-endian, at bytes 16 and 20.
  if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

// Start-of-frame markers that carry the frame size (not DHT C4, JPG C8, DAC CC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(data: Buffer): ImageInfo | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    const length = data.readUInt16BE(at + 2);
    if (SOF.has(marker)) return { type: 'jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

export function sniffImage(data: Buffer): ImageInfo | null {
  return png(data) ?? jpeg(data);
}

/** Screenshot limits: per file, per side and in pixels (a decompression bomb claims a huge size). */
export const SCREENSHOT_LIMITS = { bytes: 5 * 1024 * 1024, side: 7680, pixels: 7680 * 4320, minSide: 160, files: 10, perVersion: 20 } as const;
