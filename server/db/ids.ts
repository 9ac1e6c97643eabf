import { createHash, randomBytes } from 'node:crypto';

/** 24-hex ids (time-ordered, like the marketplace's own): 8 hex of seconds + 16 random hex. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const sha256Base64Url = (value: string) => createHash('sha256').update(value).digest('base64url');
