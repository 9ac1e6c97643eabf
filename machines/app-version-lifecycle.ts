import { setup } from 'xstate';
import type { VersionStatus } from '../contract/schemas/app';

/**
 * The app-version lifecycle of SPEC §4, one machine for both ends: the SPA offers an action where
 * `snapshot.can(event)` says so, and the server applies a status change only where `getNextSnapshot`
 * accepts it for the stored status (else 409). Pure: no invoke, no after.
 *
 * Who acts is context (`actor`), like whether the version is a bundle's (`isBundle`): the same event
 * can mean different things (a publisher's REJECT is `author-rejected`, staff's is `rejected`).
 *
 * Apps:    draft ─COMPILE─► compiling ─COMPILE_SUCCEEDED─► compiled ─SUBMIT (publisher)─► author-approved
 *          compiling ─COMPILE_FAILED─► compiler-error ─COMPILE─► compiling
 *          compiled | compiler-error | reviewed | rejected | author-rejected
 *            ─UPLOAD_REVISION (publisher: a new package, same number, checked again)─► compiling
 *          compiled | author-approved ─REVIEW─► reviewed · ─APPROVE─► approved · ─REJECT (staff)─► rejected
 *          approved | unpublished ─PUBLISH─► published ─UNPUBLISH─► unpublished
 * Bundles: draft ─SUBMIT─► submitted ─APPROVE─► approved | ─REJECT─► rejected (no compiling)
 */
export type LifecycleActor = 'publisher' | 'staff' | 'system';
export type LifecycleContext = { isBundle: boolean; actor: LifecycleActor };

export type LifecycleEvent =
  | { type: 'COMPILE' }
  | { type: 'COMPILE_SUCCEEDED' }
  | { type: 'COMPILE_FAILED' }
  | { type: 'SUBMIT' }
  | { type: 'REJECT'; reason: string }
  | { type: 'REVIEW'; note: string }
  | { type: 'APPROVE' }
  | { type: 'MAKE_DRAFT' }
  | { type: 'PUBLISH' }
  | { type: 'UNPUBLISH' }
  // Offered without changing the status: they open a screen.
  | { type: 'EDIT' }
  | { type: 'EDIT_INFO' }
  | { type: 'VIEW_DIAGNOSTICS' }
  // Offered as a screen (the update wizard); its upload then takes the version back to compiling.
  | { type: 'UPLOAD_REVISION' }
  // Not an action of its own: what every write to a version's change log asks first. It can change until
  // the version is submitted, and again when a reviewer asks for changes; from submission on it is what
  // reviewers saw, so a change is an update (a new version).
  | { type: 'SAVE' }
  // Not an action of its own either: what a write to the version's listing (categories, languages,
  // descriptions, privacy summary, documentation URL, screenshots) asks first. Where SAVE is, and on a
  // version that is approved or live: the listing is the app's shop window, kept current between updates
  // (docs/packages-and-review.md, The listing). Not while reviewers judge it, nor on a refused version.
  | { type: 'SAVE_LISTING' };

const publisherOrStaff = ({ context }: { context: LifecycleContext }) => context.actor !== 'system';

/** A publisher's reject is the author's (`author-rejected`); staff's is the marketplace's (`rejected`). */
const rejectByActor = [
  { guard: 'isPublisher', target: 'author-rejected' },
  { guard: 'isStaff', target: 'rejected' },
] as const;
/** The same on a compiled version, which only apps have: staff review bundles from `submitted`. */
const rejectCompiled = [rejectByActor[0], { guard: 'isStaffApp', target: 'rejected' }] as const;

export const appVersionLifecycle = setup({
  types: { context: {} as LifecycleContext, input: {} as LifecycleContext, events: {} as LifecycleEvent },
  guards: {
    isPublisher: ({ context }) => context.actor === 'publisher',
    isStaff: ({ context }) => context.actor === 'staff',
    isSystem: ({ context }) => context.actor === 'system',
    isPublisherApp: ({ context }) => context.actor === 'publisher' && !context.isBundle,
    isPublisherBundle: ({ context }) => context.actor === 'publisher' && context.isBundle,
    isStaffApp: ({ context }) => context.actor === 'staff' && !context.isBundle,
    /** A new app version's first compile is queued by its upload (system) or by staff; later ones by staff. */
    canCompile: ({ context }) => !context.isBundle && context.actor !== 'publisher',
    isPerson: publisherOrStaff,
    /** Diagnostics are a compile's: apps only (SPEC §4: "compiler-error (not bundle): View Diagnostics"). */
    isPersonApp: ({ context }) => context.actor !== 'system' && !context.isBundle,
  },
  actions: {
    /** Marks an action that opens a screen without changing the status (so `snapshot.can` offers it). */
    offer: () => {},
  },
}).createMachine({
  id: 'lifecycle',
  context: ({ input }) => input,
  initial: 'draft',
  states: {
    draft: {
      on: {
        EDIT: { guard: 'isPublisher', actions: 'offer' },
        SAVE: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
        COMPILE: { guard: 'canCompile', target: 'compiling' },
        SUBMIT: { guard: 'isPublisherBundle', target: 'submitted' },
      },
    },
    compiling: {
      on: {
        SAVE: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
        COMPILE_SUCCEEDED: { guard: 'isSystem', target: 'compiled' },
        COMPILE_FAILED: { guard: 'isSystem', target: 'compiler-error' },
      },
    },
    compiled: {
      on: {
        SUBMIT: { guard: 'isPublisherApp', target: 'author-approved' },
        REJECT: rejectCompiled,
        REVIEW: { guard: 'isStaffApp', target: 'reviewed' },
        APPROVE: { guard: 'isStaffApp', target: 'approved' },
        MAKE_DRAFT: { guard: 'isStaffApp', target: 'draft' },
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        // Before it is submitted a package can be replaced (a publish check blocks it, or it was the wrong one).
        UPLOAD_REVISION: { guard: 'isPublisherApp', target: 'compiling' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    'compiler-error': {
      meta: { note: 'reviewedNote' },
      on: {
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        UPLOAD_REVISION: { guard: 'isPublisherApp', target: 'compiling' },
        VIEW_DIAGNOSTICS: { guard: 'isPersonApp', actions: 'offer' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    'author-approved': {
      on: {
        REJECT: rejectCompiled,
        REVIEW: { guard: 'isStaffApp', target: 'reviewed' },
        APPROVE: { guard: 'isStaffApp', target: 'approved' },
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    submitted: {
      on: {
        REJECT: rejectByActor,
        APPROVE: { guard: 'isStaff', target: 'approved' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    reviewed: {
      meta: { note: 'reviewedNote' },
      on: {
        UPLOAD_REVISION: { guard: 'isPublisherApp', target: 'compiling' },
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    rejected: {
      // SPEC §4: a rejected version shows Publish, disabled.
      meta: { note: 'rejectionNote', shownDisabled: ['PUBLISH'] },
      on: {
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        // A refused version is fixed in place: a new package with its number runs the checks again.
        UPLOAD_REVISION: { guard: 'isPublisherApp', target: 'compiling' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    'author-rejected': {
      meta: { note: 'rejectionNote' },
      on: {
        COMPILE: { guard: 'isStaffApp', target: 'compiling' },
        // A refused version is fixed in place: a new package with its number runs the checks again.
        UPLOAD_REVISION: { guard: 'isPublisherApp', target: 'compiling' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    approved: {
      on: {
        PUBLISH: { guard: 'isPerson', target: 'published' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    published: {
      on: {
        UNPUBLISH: { guard: 'isPerson', target: 'unpublished' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
    unpublished: {
      on: {
        PUBLISH: { guard: 'isPerson', target: 'published' },
        EDIT_INFO: { guard: 'isPublisher', actions: 'offer' },
        SAVE_LISTING: { guard: 'isPublisher', actions: 'offer' },
      },
    },
  },
});

export type AppVersionLifecycle = typeof appVersionLifecycle;

/** The snapshot of a stored version, as `actor` sees it. */
export const lifecycleSnapshot = (status: VersionStatus, context: LifecycleContext) => appVersionLifecycle.resolveState({ value: status, context });

/** Every action a person can be offered on a version row, in display order. */
export const versionActions = [
  'EDIT',
  'SUBMIT',
  'REVIEW',
  'APPROVE',
  'REJECT',
  'MAKE_DRAFT',
  'PUBLISH',
  'UNPUBLISH',
  'UPLOAD_REVISION',
  'VIEW_DIAGNOSTICS',
  'EDIT_INFO',
  'COMPILE',
] as const;
export type VersionAction = (typeof versionActions)[number];

const probe: Record<VersionAction, LifecycleEvent> = {
  EDIT: { type: 'EDIT' },
  SUBMIT: { type: 'SUBMIT' },
  REVIEW: { type: 'REVIEW', note: '' },
  APPROVE: { type: 'APPROVE' },
  REJECT: { type: 'REJECT', reason: '' },
  MAKE_DRAFT: { type: 'MAKE_DRAFT' },
  PUBLISH: { type: 'PUBLISH' },
  UNPUBLISH: { type: 'UNPUBLISH' },
  UPLOAD_REVISION: { type: 'UPLOAD_REVISION' },
  VIEW_DIAGNOSTICS: { type: 'VIEW_DIAGNOSTICS' },
  EDIT_INFO: { type: 'EDIT_INFO' },
  COMPILE: { type: 'COMPILE' },
};

/** The actions the machine allows on a version in `status` for this actor (what the UI offers). */
export function offeredActions(status: VersionStatus, context: LifecycleContext): VersionAction[] {
  const snapshot = lifecycleSnapshot(status, context);
  return versionActions.filter((a) => snapshot.can(probe[a]));
}

type StatusMeta = { note?: 'rejectionNote' | 'reviewedNote'; shownDisabled?: VersionAction[] };
const metaOf = (status: VersionStatus): StatusMeta =>
  (lifecycleSnapshot(status, { actor: 'publisher', isBundle: false }).getMeta()[`lifecycle.${status}`] as StatusMeta | undefined) ?? {};

/** Whether a version's change log may still change in `status`. */
export const contentEditable = (status: VersionStatus, isBundle = false) => lifecycleSnapshot(status, { actor: 'publisher', isBundle }).can({ type: 'SAVE' });

/** Whether a version's listing (categories, languages, descriptions, privacy, documentation, screenshots) may change in `status`. */
export const listingEditable = (status: VersionStatus, isBundle = false) =>
  lifecycleSnapshot(status, { actor: 'publisher', isBundle }).can({ type: 'SAVE_LISTING' });

/**
 * Whether a version's listing may change now, `newer` being the number of the app's newer version if it has one: a
 * live version's (approved, published, unpublished) only while no update is on its way — an update carries the
 * listing it started from and would put the old text back when it goes live (docs/packages-and-review.md, The listing).
 */
export const listingWritable = (status: VersionStatus, isBundle: boolean, newer: string | null) =>
  listingEditable(status, isBundle) && !(newer && !contentEditable(status, isBundle));

/** Actions shown but disabled in `status` (SPEC §4: Publish on a rejected version). */
export const shownDisabledActions = (status: VersionStatus): VersionAction[] => metaOf(status).shownDisabled ?? [];

/** Which note a version in `status` shows: the rejection note, the reviewed note, or none. */
export const noteShown = (status: VersionStatus) => metaOf(status).note;
