import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may change a conversation's members: any member may add colleagues and remove others, never
// themselves; a direct message is the pair it was made for, so its members never change.

export const DM_MEMBERS_MESSAGE = "A direct message's members cannot change. Start a group instead.";

export function assertMembersCanChange(conversation: { isGroup: boolean }): void {
  if (!conversation.isGroup) throw AppError.badRequest(DM_MEMBERS_MESSAGE);
}

export function assertCanRemoveMember(actor: Actor, conversation: { isGroup: boolean }, profileId: string): void {
  if (profileId === actor.userId) throw new AppError('CANNOT_REMOVE_SELF_FROM_CONVERSATION');
  assertMembersCanChange(conversation);
}

/** Only colleagues of the company: every id must be one of its people. */
export function assertAllColleagues(ids: readonly string[], colleagues: ReadonlySet<string>): void {
  if (ids.some((id) => !colleagues.has(id))) throw new AppError('NOT_A_COLLEAGUE');
}
