// App requests (docs/rocketchat.md): an end user of a registered Rocket.Chat workspace asks its admins for an app. The
// shapes are Rocket.Chat's own: RocketChat/Rocket.Chat packages/core-typings/src/AppRequests.ts
// @ aa405742253efb45174d6b0de3c30c0fbcbf4c1f (`AppRequest`, `AppRequestEndUser`, `AppRequestFilter`, `Meta`),
// read by apps/meteor/client/views/marketplace/AppDetailsPage/tabs/AppRequests/AppRequests.tsx (it shows
// `requester.name`, `requester.username`, `createdDate`, `message`, `seen`) and by the cron
// apps/meteor/ee/server/apps/marketplace/appRequestNotifyUsers.ts @ f03e68e09c8c7a0926539d1bfee57a77d681844e
// (`meta.total`, `data[].requester.id`). Nothing creates one through Rocket.Chat's server: the portal's
// requestAccess page does (rest.ts `buildExternalAppRequest` @ 3a0465777707c8e38a6a1574136b6d3d61c2103a builds
// its address: `requester` and `admins` are base64 of UTF-8 JSON, `Buffer.from(JSON.stringify(x)).toString('base64')`).
import { z } from 'zod';
import { LIMITS, bounded, ref } from '../common';
import { fromBase64Json } from '../base64-json';
import { unstorableTextIn } from '../text';

export const APP_REQUEST_MESSAGES = {
  requester: 'requester must be what Rocket.Chat sends: base64 of a JSON user with an id ({id, username, name, nickname, emails}).',
  admins: 'admins must be what Rocket.Chat sends: base64 of a JSON list of users, each with an id.',
  message: `A message is at most ${LIMITS.note.toLocaleString('en-US')} characters.`,
  workspace: 'This workspace is not registered with this marketplace (or its registration was revoked): ask its administrator to register it.',
  app: 'This app is not listed in this marketplace.',
  filter: "q must be '', unseen, seen, notification-sent or notification-not-sent.",
  ids: 'ids must be a list of at most 1,000 request ids.',
} as const;

/** `?q=` of the list (core-typings `AppRequestFilter`): all, unseen or seen by the admins, requesters told or not yet. */
export const appRequestFilters = ['', 'unseen', 'seen', 'notification-sent', 'notification-not-sent'] as const;
export type AppRequestFilter = (typeof appRequestFilters)[number];

/** A person as Rocket.Chat names them (core-typings `AppRequestEndUser`): every field present, strings '' when unknown. */
export const AppRequestEndUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  nickname: z.string(),
  emails: z.array(z.string()),
});
export type AppRequestEndUser = z.infer<typeof AppRequestEndUser>;

/**
 * One request (core-typings `AppRequest`; its screen reads `createdDate` and `message`, the typings say
 * `createdAt`: both are sent). `seenAt` and `notificationSentAt` are null until then.
 */
export const AppRequest = z.object({
  id: z.string(),
  appId: z.string(),
  requester: AppRequestEndUser,
  admins: z.array(AppRequestEndUser),
  workspaceId: z.string(),
  message: z.string(),
  seen: z.boolean(),
  seenAt: z.string().nullable(),
  notificationSent: z.boolean(),
  notificationSentAt: z.string().nullable(),
  createdDate: z.string(),
  createdAt: z.string(),
});
export type AppRequest = z.infer<typeof AppRequest>;

/**
 * `GET /v1/app-request?appId&q&sort&limit&offset`, as Rocket.Chat sends it (values interpolated raw: `q=` and
 * `sort=` empty by default; its screen pages by 25, 50 or 100, its cron by 100). `sort` is echoed, not applied:
 * the newest request comes first (Rocket.Chat's screen never sends one).
 */
export const AppRequestListQuery = z.object({
  appId: ref('appId names the app whose requests to list.'),
  q: z.enum(appRequestFilters, { error: APP_REQUEST_MESSAGES.filter }).default(''),
  sort: bounded(LIMITS.id).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

/** The list's answer: `data` null when the app is not one of this marketplace's (Rocket.Chat's screen reads `data || []`). */
export const AppRequestPage = z.object({
  data: z.array(AppRequest).nullable(),
  meta: z.object({ limit: z.number().int(), offset: z.number().int(), sort: z.string(), filter: z.string(), total: z.number().int() }),
});
export type AppRequestPage = z.infer<typeof AppRequestPage>;

/** core-typings `AppRequestsStats`: the workspace's requests of every app, seen and not yet seen by its admins. */
export const AppRequestStats = z.object({ data: z.object({ totalSeen: z.number().int(), totalUnseen: z.number().int() }) });

/** `POST /v1/app-request/markAsSeen` (rest.ts sends `{ids: unseenRequests}`): ids of other workspaces' requests change nothing. */
export const MarkAsSeenInput = z.object({
  ids: z.array(ref(APP_REQUEST_MESSAGES.ids), { error: APP_REQUEST_MESSAGES.ids }).max(1000, { error: APP_REQUEST_MESSAGES.ids }),
});
/** Rocket.Chat passes it through to its screen (which ignores it); `updated` counts the requests now marked. */
export const AppRequestsMarked = z.object({ success: z.literal(true), updated: z.number().int() });

/** `GET /v1/app-request/sent/pending`: the apps with requesters not told yet (its cron tells those of installed apps). */
export const PendingApps = z.object({ data: z.array(z.string()) });

/** `appRequestStats` of an element of `GET /v1/apps` (core-typings `AppRequestStats`): present only on an app the workspace has requests of. */
export const AppRequestAppStats = z.object({ appId: z.string(), totalSeen: z.number().int(), totalUnseen: z.number().int() });

// ——— The requestAccess page's address (contract/base64-json.ts reads it) ———

const optionalText = (max: number) =>
  z
    .union([z.string().max(max), z.null()])
    .optional()
    .transform((v) => v ?? '');
/**
 * A person as Rocket.Chat puts them in the address: `{id, username, name, nickname, emails}` for the requester
 * (`emails` the addresses of `user.emails`), without `emails` for admins; fields it had no value for are left
 * out (JSON.stringify drops undefined). Unknown keys are ignored.
 */
export const EndUserInput = z
  .object({
    id: z.string().trim().min(1).max(LIMITS.id),
    username: optionalText(LIMITS.name),
    name: optionalText(LIMITS.title),
    nickname: optionalText(LIMITS.title),
    emails: z
      .union([z.array(z.string().max(LIMITS.email)).max(50), z.null()])
      .optional()
      .transform((v) => v ?? []),
  })
  .transform((u): AppRequestEndUser => ({ id: u.id, username: u.username, name: u.name, nickname: u.nickname, emails: u.emails }));

/** Decodes and checks a person (or a list of them) from the address; the reason as a zod issue when it is not one. */
const decoded = <T extends z.ZodType>(schema: T, message: string, max: number) =>
  z
    .string({ error: message })
    .max(max, { error: message })
    .transform((raw, ctx): z.output<T> => {
      const parsed = fromBase64Json(raw);
      const result = parsed ? schema.safeParse(parsed.value) : null;
      if (!result?.success || unstorableTextIn(result.data) !== null) {
        ctx.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      }
      return result.data as z.output<T>;
    });

/** The requester named in the page's address (base64 JSON), decoded. */
export const RequesterParam = decoded(EndUserInput, APP_REQUEST_MESSAGES.requester, 16_384);
/** The workspace's admins named in the page's address (base64 JSON list), decoded. */
export const AdminsParam = decoded(z.array(EndUserInput).max(500), APP_REQUEST_MESSAGES.admins, 262_144);

/**
 * What the requestAccess page sends when the end user asks (`POST /v1/app-request`): the workspace, the
 * requester and admins exactly as they came in its address, and the message they wrote.
 */
export const CreateAppRequestInput = z.object({
  workspaceId: ref('workspaceId names the workspace the request is made in.'),
  appId: ref('appId names the app requested.'),
  requester: RequesterParam,
  admins: AdminsParam.optional(),
  message: bounded(LIMITS.note, APP_REQUEST_MESSAGES.message).default(''),
});
export type CreateAppRequestInput = z.input<typeof CreateAppRequestInput>;
