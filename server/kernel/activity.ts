import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { activityLogs } from '../db/schema';

export type Staff = { id: string; name: string };

/** One line of an app's activity log: who (staff), what, when (now) and the details. */
export function logActivity(db: Pick<Db, 'insert'>, appId: string, by: Staff, action: string, actionExtra: Record<string, unknown>) {
  return db.insert(activityLogs).values({ id: newId(), appId, userId: by.id, userName: by.name, action, actionExtra });
}
