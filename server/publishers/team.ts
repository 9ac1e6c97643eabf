import { eq } from 'drizzle-orm';
import type { PublisherRole } from '../../contract/access';
import type { Db, Tx } from '../db/client';
import { developers } from '../db/schema';
import { conflict, notFound } from '../errors';

export const LAST_OWNER_MESSAGE = 'A publisher needs at least one owner: make someone else an owner first.';

/**
 * The publisher's developers, locked until the transaction ends: team changes of one publisher happen one
 * at a time, so two owners demoting each other at once cannot leave it without an owner.
 */
async function lockedTeam(tx: Tx, publisherId: string) {
  const team = await tx.select({ id: developers.id, role: developers.role }).from(developers).where(eq(developers.publisherId, publisherId)).for('update');
  return {
    member: (id: string) => {
      const m = team.find((d) => d.id === id);
      if (!m) throw notFound('Developer');
      return m;
    },
    owners: team.filter((d) => d.role === 'owner').length,
  };
}

/** A developer of a publisher's team (the one the gate authorized for the route). */
type Member = { id: string; publisherId: string | null };

/** Gives a developer of the publisher another role; the last owner keeps theirs (409). */
export function changeRole(db: Db | Tx, developer: Member, role: PublisherRole) {
  const { id: developerId, publisherId } = developer;
  return db.transaction(async (tx) => {
    const team = await lockedTeam(tx, publisherId ?? '');
    // Still in the team now that it is locked (a concurrent removal: 404).
    const member = team.member(developerId);
    if (member.role === 'owner' && role !== 'owner' && team.owners === 1) throw conflict('last_owner', LAST_OWNER_MESSAGE);
    const [row] = await tx.update(developers).set({ role }).where(eq(developers.id, developerId)).returning();
    return row!;
  });
}

/**
 * Takes a developer out of the publisher (their account stays, without a publisher, as before they were
 * added: an owner may add them again); the last owner stays (409).
 */
export function removeFromPublisher(db: Db | Tx, developer: Member) {
  const { id: developerId, publisherId } = developer;
  return db.transaction(async (tx) => {
    const team = await lockedTeam(tx, publisherId ?? '');
    const member = team.member(developerId);
    if (member.role === 'owner' && team.owners === 1) throw conflict('last_owner', LAST_OWNER_MESSAGE);
    const [row] = await tx.update(developers).set({ publisherId: null, role: 'viewer' }).where(eq(developers.id, developerId)).returning();
    return row!;
  });
}
