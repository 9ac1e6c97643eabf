import { describe, expect, it } from 'vitest';
import { pngHeader } from '../../tests/fixtures/images';
import { sniffImage } from './images';

const pngOf = pngHeader;
/** SOI, an APP0 segment, then SOF0 with the size. */
const jpegOf = (w: number, h: number, sof = 0xc0) =>
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, sof, 0x00, 0x11, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

describe('image sniffing by bytes', () => {
  it('reads a PNG’s size from IHDR', () => expect(sniffImage(pngOf(960, 540))).toEqual({ type: 'png', width: 960, height: 540 }));
  it('reads a JPEG’s size from its frame header, baseline or progressive', () => {
    expect(sniffImage(jpegOf(1920, 1080))).toEqual({ type: 'jpeg', width: 1920, height: 1080 });
    expect(sniffImage(jpegOf(640, 360, 0xc2))).toEqual({ type: 'jpeg', width: 640, height: 360 });
  });
  it('refuses what is not a PNG or JPEG, whatever it is called', () => {
    expect(sniffImage(Buffer.from('GIF89a........................'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(pngOf(1, 1).subarray(0, 20))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
  });
});
