import { z } from 'zod';
import { LIMITS, bounded, ref, tooLong } from '../common';

export const Category = z.object({ id: z.string(), title: z.string(), createdDate: z.string(), modifiedDate: z.string() });
/**
 * A category as `GET /v1/categories` answers it: for the portal's screens and for Rocket.Chat's server, whose
 * schema requires `description` and `hidden` (apps/meteor/ee/server/apps/marketplace/fetchMarketplaceCategories.ts
 * in RocketChat/Rocket.Chat @ 02f3ee034bd55020fe227b8f79dd02c5ce5e4245: id, title, description, hidden,
 * createdDate, modifiedDate, all required, none null).
 */
export const PublicCategory = Category.extend({ description: z.string(), hidden: z.boolean() });
export const CategoryInput = z.object({
  title: z.string({ error: 'Please state the title of the category' }).trim().min(1, { error: 'Please state the title of the category' }).max(100),
});

export const featuredSlugs = [
  'community_featured',
  'community_supported',
  'enterprise',
  'featured',
  'most_popular',
  'new_arrivals',
  'popular_this_month',
  'recommended',
  'social',
  'trending',
  'omnichannel',
  'video_conferencing',
] as const;
export const FeaturedInput = z.object({
  appId: ref('Select the App which will be featured.'),
  sectionSlug: z.enum(featuredSlugs, { error: 'The section slug is required in order to make it featured' }),
});
/** An app as a featured section shows it: its published version's name and icon (a thumbnail). */
export const FeaturedApp = z.object({ appId: z.string(), name: z.string(), iconFileData: z.string() });
export const Featured = z.object({
  sections: z.array(z.object({ slug: z.string(), apps: z.array(FeaturedApp) })),
});
/** Not in the spec: the apps the 'Mark App As Featured' drawer offers (published ones), by name. */
export const FeaturedAppsQuery = z.object({ q: bounded(LIMITS.name).optional() });

/**
 * The bounds of an email template (server and editor share them): its size, how deep its HTML may nest
 * when saved, and what a render may produce. A template and its layout each within `depth` stay within
 * `renderDepth` together; a render past it (a loop repeating an open tag) is refused, never sent.
 */
export const TEMPLATE_LIMITS = { body: 100_000, depth: 200, renderDepth: 400, output: 1_000_000 } as const;
export const TEMPLATE_TEXT = {
  tooDeep: (field: string) => `The ${field} nests HTML elements more than ${TEMPLATE_LIMITS.depth} deep.`,
  renderedTooDeep: (layout: string) =>
    `The rendered message${layout ? ` (the body inside the layout "${layout}")` : ''} nests HTML elements more than ${TEMPLATE_LIMITS.renderDepth} deep.`,
  renderedTooLong: (part: string) => `The ${part} renders more than ${TEMPLATE_LIMITS.output.toLocaleString('en-US')} characters.`,
};
const bodyLimit = { error: tooLong(TEMPLATE_LIMITS.body) };

/** Why the last notification rendered from a template failed, and when; null once a later one rendered. */
export const TemplateRenderError = z.object({ message: z.string(), at: z.string() });
export const EmailTemplate = z.object({
  id: z.string(),
  name: z.string(),
  layout: z.string(),
  subject: z.string(),
  body: z.string(),
  lastRenderError: TemplateRenderError.nullable(),
});
export const EmailTemplateInput = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, { error: 'Name is required.' })
    .max(LIMITS.name, { error: tooLong(LIMITS.name) }),
  layout: bounded(LIMITS.name).default(''),
  subject: bounded(LIMITS.title).default(''),
  body: z.string({ error: 'Body is required.' }).trim().min(1, { error: 'Body is required.' }).max(TEMPLATE_LIMITS.body, bodyLimit),
});
export const EmailTemplateUpdate = EmailTemplateInput.extend({ id: ref() });
/** A template as the drawer has it now (name optional: it picks which variables the sample data documents). */
export const PreviewInput = z.object({
  name: bounded(LIMITS.name).default(''),
  layout: bounded(LIMITS.name).default(''),
  subject: bounded(LIMITS.title).default(''),
  body: z.string().max(TEMPLATE_LIMITS.body, bodyLimit),
});
export const EmailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** SPEC §3 Config, plus what the SPA shows around it (product name, support contact, legal links). */
export const Config = z.object({
  cloudUrl: z.string(),
  /** Where the SPA sends the browser to sign in (a path on this origin for the embedded server). */
  authorizeUrl: z.string(),
  cloudClientId: z.string(),
  marketplaceUrl: z.string(),
  productName: z.string(),
  supportEmail: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
});
export type Config = z.infer<typeof Config>;

export const AccessControl = z.object({
  model: z.string(),
  policies: z.object({ system: z.array(z.array(z.string())), publisher: z.array(z.array(z.string())) }),
  roles: z.object({ system: z.array(z.string()), publisher: z.array(z.string()) }),
  /** The flags of the caller's publisher (SPEC §6) the policy decides with: `g2, <publisher id>, <flag>`. */
  flags: z.array(z.string()),
  /**
   * What the policy lets the caller do where they hold a role — `system`, and their own publisher with its
   * flags — as `feature:permission`: the server's own decisions (its casbin enforcer over the rows above), so a
   * client obeys the one policy without evaluating it (docs/adr/0010-first-screen-by-design.md).
   */
  allowed: z.array(z.string()),
});
export type AccessControl = z.infer<typeof AccessControl>;
