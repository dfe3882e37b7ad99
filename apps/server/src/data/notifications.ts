import type { Notification } from '@ridgeline/shared/contracts/chat';
import { displayName } from '@ridgeline/shared/domain/users';
import { eq } from 'drizzle-orm';
import { publishRealtime } from '../infra/realtime/publish';
import type { Db, DbTx } from '../infra/db/client';
import { notifications, user } from '../infra/db/schema/index';

// The inbox is written by several features (chat's mentions today; assignments, status changes and
// finished uploads later): one insert they all use, which also tells the user's open pages at once.

export type NewNotification = {
  companyId: string;
  profileId: string;
  kind: Notification['kind'];
  title: string;
  body?: string;
  link?: string | null;
  actorId?: string | null;
};

/** Writes a notification and publishes it to the user's sockets when the transaction commits. */
export async function insertNotification(db: Db | DbTx, row: NewNotification): Promise<Notification> {
  const [inserted] = await db
    .insert(notifications)
    .values({ ...row, body: row.body ?? '', link: row.link ?? null, actorId: row.actorId ?? null })
    .returning();
  if (!inserted) throw new Error('The notification was not written');
  let actorName: string | null = null;
  if (inserted.actorId) {
    const [actor] = await db
      .select({ name: user.name, firstName: user.firstName, lastName: user.lastName, email: user.email })
      .from(user)
      .where(eq(user.id, inserted.actorId));
    actorName = actor ? displayName(actor) : null;
  }
  const notification: Notification = {
    id: inserted.id,
    kind: inserted.kind,
    title: inserted.title,
    body: inserted.body,
    link: inserted.link,
    actorName,
    readAt: null,
    createdAt: inserted.createdAt.toISOString(),
  };
  await publishRealtime(db, { to: [row.profileId], event: { type: 'notification', notification } });
  return notification;
}
