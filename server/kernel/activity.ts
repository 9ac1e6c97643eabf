import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { activityLogs, publisherActivity } from '../db/schema';

export type Staff = { id: string; name: string };

/** One line of an app's activity log: who (staff), what, when (now) and the details. */
export function logActivity(db: Pick<Db, 'insert'>, appId: string, by: Staff, action: string, actionExtra: Record<string, unknown>) {
  return db.insert(activityLogs).values({ id: newId(), appId, userId: by.id, userName: by.name, action, actionExtra });
}

/** One line of a publisher's activity log (staff see it on the publisher's page): who, what, when (now) and the details. */
export function logPublisherActivity(db: Db | Tx, publisherId: string, by: Staff, action: string, extra: Record<string, unknown> = {}) {
  return db.insert(publisherActivity).values({ id: newId(), publisherId, userId: by.id, userName: by.name, action, extra });
}
