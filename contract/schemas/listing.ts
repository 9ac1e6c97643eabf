import { z } from 'zod';
import { LIMITS, ref, tooLong } from '../common';
import { Screenshot, VersionStatus } from './app';

/**
 * A version's listing as one thing (docs/packages-and-review.md, The listing): what Rocket.Chat's Marketplace
 * shows of it, and its screenshots in the order the publisher puts them, each with a caption.
 */

/** A caption is one line under a screenshot: trimmed, at most this many characters. */
export const SCREENSHOT_CAPTION_MAX = LIMITS.title;

export const LISTING_TEXT = {
  order: 'Name each of the version’s screenshots once, in their new order.',
  duplicate: 'A screenshot is named more than once.',
  captionLine: 'A caption is one line of text.',
} as const;

/** More ids than any version has screenshots (the server holds a version to 20: server/kernel/images.ts). */
const MAX_ORDER_IDS = 100;
/** POST …/screenshots/order: every screenshot of the version, once each, first to last. */
export const ScreenshotOrderInput = z.object({
  ids: z
    .array(ref(LISTING_TEXT.order), { error: LISTING_TEXT.order })
    .max(MAX_ORDER_IDS, { error: LISTING_TEXT.order })
    .refine((ids) => new Set(ids).size === ids.length, { error: LISTING_TEXT.duplicate }),
});
export type ScreenshotOrderInput = z.infer<typeof ScreenshotOrderInput>;

/** No control characters (line breaks, tabs …) nor Unicode's line and paragraph separators. */
const isOneLine = (text: string) =>
  [...text].every((ch) => {
    const c = ch.codePointAt(0)!;
    return c >= 0x20 && c !== 0x7f && c !== 0x2028 && c !== 0x2029;
  });

/** PATCH …/screenshots/:screenshotId: the caption ('' removes it). */
export const ScreenshotCaptionInput = z.object({
  caption: z
    .string({ error: LISTING_TEXT.captionLine })
    .trim()
    .max(SCREENSHOT_CAPTION_MAX, { error: tooLong(SCREENSHOT_CAPTION_MAX) })
    .refine(isOneLine, { error: LISTING_TEXT.captionLine }),
});
export type ScreenshotCaptionInput = z.infer<typeof ScreenshotCaptionInput>;

/**
 * GET …/listing: a version's listing with the fields Rocket.Chat's Marketplace page shows (the catalog's
 * `IMarketplaceInfo`: server/catalog/read/catalog.ts toInfo), the description rendered as the catalog serves it
 * (sanitized HTML, rendered when it was saved), and its screenshots in their order — for any version of the
 * publisher's, listed or not, so the publisher sees the listing before buyers do.
 */
export const ListingPreview = z.object({
  appId: z.string(),
  internalId: z.string(),
  name: z.string(),
  version: z.string(),
  status: VersionStatus,
  author: z.object({ name: z.string(), support: z.string(), homepage: z.string() }),
  /** The full icon as a data URL. */
  iconFileData: z.string(),
  shortDescription: z.string(),
  detailedDescription: z.object({ raw: z.string(), rendered: z.string() }),
  categories: z.array(z.string()),
  languages: z.array(z.string()),
  privacyPolicySummary: z.string(),
  documentationUrl: z.string(),
  screenshots: z.array(Screenshot),
});
export type ListingPreview = z.infer<typeof ListingPreview>;
