import { randomUUID } from 'node:crypto';
import type {
  ChatColleague,
  ChatMessage,
  Conversation,
  ConversationListResponse,
  ConversationMember,
  CreateConversationInput,
  CreateConversationResponse,
  MessageAttachment,
  MessagesQuery,
  MessagesResponse,
  SyncResponse,
} from '@ridgeline/shared/contracts/chat';
import {
  CHAT_PAGE_SIZE,
  checkNewConversation,
  DEFAULT_GROUP_NAME,
  dmKey,
  FILE_URL_SECONDS,
  GROUP_NAME_MESSAGE,
  INLINE_MEDIA_URL_SECONDS,
  messageTypeOf,
  previewOfMessage,
  PROJECT_THREAD_PREFIX,
  projectThreadName,
  SELECT_MEMBERS_MESSAGE,
} from '@ridgeline/shared/domain/chat';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { insertNotification } from '../../data/notifications';
import type { EventPublisher } from '../../infra/events/event-bus';
import { messageEnvelopeTemplates, publishRealtime } from '../../infra/realtime/publish';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { assertAllColleagues, assertCanRemoveMember, assertMembersCanChange } from './chat.policy';
import {
  attachmentsOf,
  companyPeopleAmong,
  conversationMessages,
  deleteMember,
  findConversationByName,
  findDirectMessage,
  findMemberAttachment,
  findMemberConversation,
  findMessageWithSender,
  findSendingContext,
  findSentMessage,
  hasMessageBefore,
  insertAttachment,
  insertConversation,
  insertMembers,
  insertMentions,
  insertMessage,
  insertTextMessageAndNotify,
  listColleagues,
  markRead,
  memberConversationSummaries,
  memberIdsOf,
  membersOf,
  mentionsOf,
  messagesForMemberAfter,
  setArchived,
  touchConversation,
  type AttachmentRow,
  type ConversationRow,
  type ConversationSummaryRow,
  type MemberRow,
  type MessageRow,
  type MessageWithSenderRow,
  type PersonRow,
} from './chat.repository';
import { projectExists } from '../../data/project-lookup';

/** `events`: a stored message is announced (chat-message-posted), and its push follows on the server. */
export type ChatServiceDeps = { db: Db; storage: Storage; logger: Logger; events: EventPublisher };

/** A message to post: text, or one stored attachment (its caption may be empty). */
export type PostMessageInput = {
  clientId: string;
  content: string;
  mentions: string[];
  attachment?: { objectPath: string; fileName: string; fileType: string; fileSize: number };
};

/** Catch-up reads at most this many messages at once unless asked for fewer (or more, up to 1000). */
export const SYNC_PAGE_SIZE = 500;

export const PROJECT_THREAD_NAME_MESSAGE = `A group name cannot start with "${PROJECT_THREAD_PREFIX}".`;
export const MESSAGE_TEXT_REQUIRED = 'Please enter a message.';

const iso = (value: Date) => value.toISOString();

function presentPerson(row: PersonRow): ChatColleague {
  return { id: row.id, name: displayName(row), firstName: row.firstName, lastName: row.lastName, email: row.email, avatarUrl: row.image };
}

/** The project id of a claim file's thread (its name is `project:{projectId}`), else null. */
function projectIdOf(name: string | null): string | null {
  if (!name?.startsWith(PROJECT_THREAD_PREFIX)) return null;
  const id = name.slice(PROJECT_THREAD_PREFIX.length);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
}

/** Where a notification about a message opens: the claim file's Messages tab for its thread, else the conversation. */
function conversationLink(conversation: Pick<ConversationRow, 'id' | 'name'>): string {
  const projectId = projectIdOf(conversation.name);
  return projectId ? `/projects/${projectId}?tab=messages` : `/messages?conversation=${conversation.id}`;
}

export type SenderName = { firstName: string | null; lastName: string | null; name: string | null; email: string | null };

/** A message as the contract shows it; a deleted sender's name is ''. */
function presentMessage(row: MessageRow, sender: SenderName | null, attachments: MessageAttachment[], mentions: string[]): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversationId,
    senderId: row.senderId,
    senderName: sender ? displayName(sender) : '',
    content: row.content,
    messageType: row.messageType,
    clientId: row.clientId,
    createdAt: iso(row.createdAt),
    attachments,
    mentions,
  };
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, storage, logger, events } = deps;

  /**
   * Announces a stored message once its write committed (what follows, the push, happens on the
   * server). A message sent again with its client id is announced again: if the first announcement
   * was lost, this one does the work; if not, the subscribers' own once-only claim makes it nothing.
   */
  async function announceMessage(tenant: Tenant, message: ChatMessage): Promise<void> {
    if (message.senderId === null) return;
    await events.publish('chat-message-posted', {
      companyId: tenant.companyId,
      conversationId: message.conversationId,
      messageId: message.id,
      senderId: message.senderId,
    });
  }

  /**
   * The conversation when the actor is a member of it in their company; 404 otherwise (nothing said
   * about why). `lock`: the actor's membership is held to the end of the transaction (a change of members).
   */
  async function memberConversation(
    dbOrTx: Db | DbTx,
    actor: Actor,
    tenant: Tenant,
    conversationId: string,
    options: { lock?: boolean } = {},
  ): Promise<ConversationRow> {
    const row = await findMemberConversation(dbOrTx, tenant.companyId, conversationId, actor.userId, options);
    if (!row) throw AppError.notFound('Conversation not found');
    return row;
  }

  async function presentConversations(dbOrTx: Db | DbTx, actor: Actor, rows: ConversationSummaryRow[]): Promise<Conversation[]> {
    const memberRows = await membersOf(
      dbOrTx,
      rows.map((row) => row.id),
    );
    const byConversation = new Map<string, MemberRow[]>();
    for (const member of memberRows) {
      const list = byConversation.get(member.conversationId) ?? [];
      list.push(member);
      byConversation.set(member.conversationId, list);
    }
    return rows.map((row) => {
      const people = byConversation.get(row.id) ?? [];
      const members: ConversationMember[] = people.map((person) => ({ ...presentPerson(person), addedAt: iso(person.addedAt) }));
      const other = people.find((person) => person.id !== actor.userId);
      // A group shows its name ('Group Chat' when it has none); a direct message the colleague's name.
      const title = row.isGroup || !other ? row.name?.trim() || DEFAULT_GROUP_NAME : displayName(other);
      return {
        id: row.id,
        isGroup: row.isGroup,
        name: row.name,
        title,
        archived: row.archived,
        projectId: projectIdOf(row.name),
        createdBy: row.createdBy,
        createdAt: iso(row.createdAt),
        lastMessageAt: row.lastMessageAt ? iso(row.lastMessageAt) : null,
        lastMessagePreview: row.lastContent === null ? '' : previewOfMessage(row.lastContent, row.lastFileName),
        unreadCount: row.unreadCount,
        members,
      };
    });
  }

  /** One conversation as the actor (a member) sees it. */
  async function conversationView(dbOrTx: Db | DbTx, actor: Actor, tenant: Tenant, conversationId: string): Promise<Conversation> {
    const rows = await memberConversationSummaries(dbOrTx, tenant.companyId, actor.userId, { conversationId });
    const [conversation] = await presentConversations(dbOrTx, actor, rows);
    if (!conversation) throw AppError.notFound('Conversation not found');
    return conversation;
  }

  /** An attachment with a fresh signed URL: images, video and audio play inline (300 s); other files open through a link (600 s). */
  function presentAttachment(row: AttachmentRow): MessageAttachment {
    const seconds = messageTypeOf(row.fileType) === 'file' ? FILE_URL_SECONDS : INLINE_MEDIA_URL_SECONDS;
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + seconds) * 1000);
    return {
      id: row.id,
      fileName: row.fileName,
      fileType: row.fileType,
      fileSize: row.fileSize,
      url: storage.url('chat-attachments', row.objectPath, seconds),
      urlExpiresAt: iso(expiresAt),
    };
  }

  /** Messages as the contract shows them: sender's name, attachments, mentions (read in two queries for the page). */
  async function presentMessages(dbOrTx: Db | DbTx, rows: MessageWithSenderRow[]): Promise<ChatMessage[]> {
    const ids = rows.map((row) => row.id);
    const [attachmentRows, mentionRows] = await Promise.all([attachmentsOf(dbOrTx, ids), mentionsOf(dbOrTx, ids)]);
    const attachments = new Map<string, MessageAttachment[]>();
    for (const row of attachmentRows) attachments.set(row.messageId, [...(attachments.get(row.messageId) ?? []), presentAttachment(row)]);
    const mentions = new Map<string, string[]>();
    for (const row of mentionRows) mentions.set(row.messageId, [...(mentions.get(row.messageId) ?? []), row.profileId]);
    return rows.map((row) => {
      const sender =
        row.senderEmail === null ? null : { firstName: row.senderFirstName, lastName: row.senderLastName, name: row.senderName, email: row.senderEmail };
      return presentMessage(row, sender, attachments.get(row.id) ?? [], mentions.get(row.id) ?? []);
    });
  }

  async function storedMessage(dbOrTx: Db | DbTx, messageId: string): Promise<ChatMessage> {
    const row = await findMessageWithSender(dbOrTx, messageId);
    const [message] = row ? await presentMessages(dbOrTx, [row]) : [];
    if (!message) throw AppError.notFound('Message not found');
    return message;
  }

  /**
   * Records the mentions of a new message and tells each mentioned colleague in /inbox. A claim
   * file's thread may mention any colleague of the company (opening the file joins them); another
   * conversation only its members. Others are ignored.
   */
  async function recordMentions(
    tx: DbTx,
    actor: Actor,
    tenant: Tenant,
    conversation: ConversationRow,
    message: ChatMessage,
    requested: string[],
    memberIds: string[],
  ): Promise<string[]> {
    const wanted = [...new Set(requested)];
    const allowed = projectIdOf(conversation.name) ? await companyPeopleAmong(tx, tenant.companyId, wanted) : new Set(memberIds);
    const mentioned = wanted.filter((id) => allowed.has(id));
    if (mentioned.length === 0) return [];
    await insertMentions(tx, message.id, mentioned);
    const fileName = message.attachments[0]?.fileName ?? null;
    for (const profileId of mentioned) {
      if (profileId === actor.userId) continue;
      await insertNotification(tx, {
        companyId: tenant.companyId,
        profileId,
        kind: 'mention',
        title: `${message.senderName} mentioned you`,
        body: previewOfMessage(message.content, fileName),
        link: conversationLink(conversation),
        actorId: actor.userId,
      });
    }
    return mentioned;
  }

  return {
    async colleagues(actor: Actor, tenant: Tenant): Promise<{ colleagues: ChatColleague[] }> {
      const rows = await listColleagues(db, tenant.companyId, actor.userId);
      return { colleagues: rows.map(presentPerson) };
    },

    async listConversations(actor: Actor, tenant: Tenant): Promise<ConversationListResponse> {
      const rows = await memberConversationSummaries(db, tenant.companyId, actor.userId, { listedOnly: true });
      const conversations = await presentConversations(db, actor, rows);
      return { conversations, totalUnread: conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0) };
    },

    /** Members only (the view is read through the actor's membership); archived ones too. */
    async conversation(actor: Actor, tenant: Tenant, conversationId: string): Promise<{ conversation: Conversation }> {
      return { conversation: await conversationView(db, actor, tenant, conversationId) };
    },

    /**
     * One colleague and no name is a direct message (the pair's existing one is answered instead,
     * `created: false`); two or more need a name. Every member must be a colleague of the company.
     */
    async createConversation(actor: Actor, tenant: Tenant, input: CreateConversationInput): Promise<CreateConversationResponse> {
      const memberIds = [...new Set(input.memberIds)].filter((id) => id !== actor.userId);
      const name = (input.name ?? '').trim();
      const check = checkNewConversation(memberIds.length, name);
      if (!check.ok) throw AppError.badRequest(check.reason === 'no-members' ? SELECT_MEMBERS_MESSAGE : GROUP_NAME_MESSAGE);
      if (name.startsWith(PROJECT_THREAD_PREFIX)) throw AppError.badRequest(PROJECT_THREAD_NAME_MESSAGE);
      assertAllColleagues(memberIds, await companyPeopleAmong(db, tenant.companyId, memberIds));

      if (check.kind === 'dm') {
        const [otherId] = memberIds;
        if (otherId === undefined) throw AppError.badRequest(SELECT_MEMBERS_MESSAGE);
        const key = dmKey(actor.userId, otherId);
        const created = await db.transaction(async (tx) => {
          const row = await insertConversation(tx, { companyId: tenant.companyId, createdBy: actor.userId, isGroup: false, name: null, dmKey: key });
          if (!row) return null;
          await insertMembers(tx, row.id, [actor.userId, otherId]);
          await publishRealtime(tx, { to: [actor.userId, otherId], event: { type: 'membership', conversationId: row.id } });
          return row;
        });
        // The pair already has a direct message (or another request made it a moment ago): open that one.
        const conversation = created ?? (await findDirectMessage(db, tenant.companyId, key));
        if (!conversation) throw AppError.conflict('The direct message could not be opened. Please try again.');
        return { conversation: await conversationView(db, actor, tenant, conversation.id), kind: 'dm', created: created !== null };
      }

      const conversation = await db.transaction(async (tx) => {
        const row = await insertConversation(tx, { companyId: tenant.companyId, createdBy: actor.userId, isGroup: true, name, dmKey: null });
        if (!row) throw AppError.conflict('The group could not be created. Please try again.');
        const added = await insertMembers(tx, row.id, [actor.userId, ...memberIds]);
        await publishRealtime(tx, { to: added, event: { type: 'membership', conversationId: row.id } });
        return row;
      });
      return { conversation: await conversationView(db, actor, tenant, conversation.id), kind: 'group', created: true };
    },

    /**
     * Adds a colleague. The checks (the actor a member, a group, the person a colleague) and the insert
     * are one transaction holding what they read: an actor removed from the conversation, or a person
     * removed from the company, at the same moment is waited for, and then refused. Every member, the
     * new one included, is told (`membership`); two adds of one person at once add them once.
     */
    async addMember(actor: Actor, tenant: Tenant, conversationId: string, profileId: string): Promise<{ conversation: Conversation }> {
      await db.transaction(async (tx) => {
        const conversation = await memberConversation(tx, actor, tenant, conversationId, { lock: true });
        assertMembersCanChange(conversation);
        assertAllColleagues([profileId], await companyPeopleAmong(tx, tenant.companyId, [profileId], { lock: true }));
        const added = await insertMembers(tx, conversationId, [profileId]);
        if (added.length === 0) return;
        // The new member is told as every new membership is; the others apart, so their member lists follow.
        const event = { type: 'membership', conversationId } as const;
        await publishRealtime(tx, { to: added, event });
        await publishRealtime(tx, { to: (await memberIdsOf(tx, conversationId)).filter((id) => !added.includes(id)), event });
      });
      return { conversation: await conversationView(db, actor, tenant, conversationId) };
    },

    /** Removes a member (never oneself), under the same hold as adding; the others and the removed member are told (`membership`). */
    async removeMember(actor: Actor, tenant: Tenant, conversationId: string, profileId: string): Promise<{ conversation: Conversation }> {
      await db.transaction(async (tx) => {
        const conversation = await memberConversation(tx, actor, tenant, conversationId, { lock: true });
        assertCanRemoveMember(actor, conversation, profileId);
        if (!(await deleteMember(tx, conversationId, profileId))) throw AppError.notFound('Member not found');
        await publishRealtime(tx, { to: [...(await memberIdsOf(tx, conversationId)), profileId], event: { type: 'membership', conversationId } });
      });
      return { conversation: await conversationView(db, actor, tenant, conversationId) };
    },

    /** Archived conversations leave the list of every member; restoring brings them back. */
    async setArchived(actor: Actor, tenant: Tenant, conversationId: string, archived: boolean): Promise<{ conversation: Conversation }> {
      await memberConversation(db, actor, tenant, conversationId);
      await setArchived(db, tenant.companyId, conversationId, archived);
      return { conversation: await conversationView(db, actor, tenant, conversationId) };
    },

    /** A claim file's thread: made on first use (one per project), and whoever opens it joins it. */
    async projectConversation(actor: Actor, tenant: Tenant, projectId: string): Promise<{ conversation: Conversation }> {
      if (!(await projectExists(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
      const name = projectThreadName(projectId);
      const conversationId = await db.transaction(async (tx) => {
        await insertConversation(tx, { companyId: tenant.companyId, createdBy: actor.userId, isGroup: true, name, dmKey: null });
        const thread = await findConversationByName(tx, tenant.companyId, name);
        if (!thread) throw AppError.conflict('The claim file’s conversation could not be opened. Please try again.');
        const added = await insertMembers(tx, thread.id, [actor.userId]);
        await publishRealtime(tx, { to: added, event: { type: 'membership', conversationId: thread.id } });
        return thread.id;
      });
      return { conversation: await conversationView(db, actor, tenant, conversationId) };
    },

    /** The latest page oldest first (`before` pages back), or what came after a seq (catch-up). */
    async messages(actor: Actor, tenant: Tenant, conversationId: string, query: MessagesQuery): Promise<MessagesResponse> {
      await memberConversation(db, actor, tenant, conversationId);
      const limit = query.limit ?? CHAT_PAGE_SIZE;
      const rows = await conversationMessages(db, conversationId, { before: query.before, after: query.after, limit });
      const page = rows.slice(0, limit);
      let hasEarlier: boolean;
      if (query.after === undefined) {
        hasEarlier = rows.length > limit;
        page.reverse();
      } else {
        const first = page[0];
        hasEarlier = await hasMessageBefore(db, conversationId, first ? first.seq : query.after + 1);
      }
      return { messages: await presentMessages(db, page), hasEarlier };
    },

    /**
     * Posts a message in one transaction: the message (a client id sent again by the same sender
     * answers the stored one, nothing written twice), the conversation's last_message_at, an
     * attachment's row, the mentions and their notifications (in a savepoint: a failure there only
     * logs a warning and the message stays), and the realtime event to every member. Once committed,
     * the message is announced (chat-message-posted): its push to the other members' devices is the
     * server's work, whether the browser stays or not.
     */
    async postMessage(
      actor: Actor,
      tenant: Tenant,
      conversationId: string,
      input: PostMessageInput,
      sender?: SenderName,
    ): Promise<{ message: ChatMessage; created: boolean }> {
      const content = input.content.trim();
      if (!input.attachment && content === '') throw AppError.badRequest(MESSAGE_TEXT_REQUIRED);
      // The common case, a text with no mentions from a sender whose name the caller read with the
      // identity, is one statement (insertTextMessageAndNotify); a client id sent again falls through
      // to the transaction, which answers the stored message.
      if (!input.attachment && input.mentions.length === 0 && sender !== undefined) {
        // The row as the insert will write it (ids in lower case, as PostgreSQL writes a uuid); the
        // statement fills in the seq and the time, in the answer and in the realtime event alike.
        const draft: MessageRow = {
          id: randomUUID(),
          seq: 0,
          conversationId: conversationId.toLowerCase(),
          senderId: actor.userId,
          content,
          messageType: 'text',
          clientId: input.clientId.toLowerCase(),
          createdAt: new Date(0),
          pushedAt: null,
        };
        const posted = await insertTextMessageAndNotify(
          db,
          { id: draft.id, conversationId, companyId: tenant.companyId, senderId: actor.userId, content, clientId: input.clientId },
          messageEnvelopeTemplates(presentMessage(draft, sender, [], [])),
        );
        if (!posted?.memberIds.includes(actor.userId)) throw AppError.notFound('Conversation not found');
        if (posted.inserted) {
          const message = presentMessage({ ...draft, ...posted.inserted }, sender, [], []);
          await announceMessage(tenant, message);
          return { message, created: true };
        }
      }
      const result = await db.transaction(async (tx) => {
        const context = await findSendingContext(tx, tenant.companyId, conversationId, actor.userId);
        if (!context?.memberIds.includes(actor.userId)) throw AppError.notFound('Conversation not found');
        const { conversation, memberIds, sender } = context;
        const messageType = input.attachment ? messageTypeOf(input.attachment.fileType) : 'text';
        const inserted = await insertMessage(tx, { conversationId, senderId: actor.userId, content, messageType, clientId: input.clientId });
        if (!inserted) {
          const stored = await findSentMessage(tx, actor.userId, input.clientId);
          if (!stored) throw AppError.conflict('The message could not be stored. Please try again.');
          if (stored.conversationId !== conversationId) throw AppError.conflict('This message id was already used in another conversation.');
          return { message: await storedMessage(tx, stored.id), created: false };
        }
        const attachments = input.attachment ? [presentAttachment(await insertAttachment(tx, { messageId: inserted.id, ...input.attachment }))] : [];
        let message = presentMessage(inserted, sender, attachments, []);
        if (input.mentions.length > 0) {
          try {
            const mentioned = await tx.transaction((savepoint) => recordMentions(savepoint, actor, tenant, conversation, message, input.mentions, memberIds));
            message = { ...message, mentions: mentioned };
          } catch (error) {
            logger.warn(
              { err: error instanceof Error ? error.message : String(error), conversationId, messageId: inserted.id },
              'chat mentions were not recorded',
            );
          }
        }
        // The conversation row is locked from here to the commit: touched last, so messages of one
        // conversation wait for each other only that long.
        await touchConversation(tx, conversationId, inserted.createdAt);
        await publishRealtime(tx, { to: memberIds, event: { type: 'message', message } });
        return { message, created: true };
      });
      await announceMessage(tenant, result.message);
      return result;
    },

    async markRead(actor: Actor, tenant: Tenant, conversationId: string): Promise<{ lastReadAt: string }> {
      await memberConversation(db, actor, tenant, conversationId);
      const lastReadAt = await markRead(db, conversationId, actor.userId);
      if (!lastReadAt) throw AppError.notFound('Conversation not found');
      return { lastReadAt: iso(lastReadAt) };
    },

    /** Catch-up: every message of the actor's conversations after a seq, oldest first. */
    async sync(actor: Actor, tenant: Tenant, query: { after: number; limit?: number | undefined }): Promise<SyncResponse> {
      const limit = query.limit ?? SYNC_PAGE_SIZE;
      const rows = await messagesForMemberAfter(db, tenant.companyId, actor.userId, query.after, limit);
      const page = rows.slice(0, limit);
      const messages = await presentMessages(db, page);
      return { messages, cursor: page.at(-1)?.seq ?? query.after, hasMore: rows.length > limit };
    },

    /**
     * The actor's message already stored under this client id in the conversation, or null (404 when
     * not a member): an upload sent again can answer it before storing the file a second time.
     */
    async sentMessage(actor: Actor, tenant: Tenant, conversationId: string, clientId: string): Promise<ChatMessage | null> {
      await memberConversation(db, actor, tenant, conversationId);
      const stored = await findSentMessage(db, actor.userId, clientId);
      if (!stored || stored.conversationId !== conversationId) return null;
      return storedMessage(db, stored.id);
    },

    /** 404 unless the actor is a member of the conversation in their company. */
    async requireMember(actor: Actor, tenant: Tenant, conversationId: string): Promise<void> {
      await memberConversation(db, actor, tenant, conversationId);
    },

    /** An attachment's stored object, for a member of its conversation only (404 otherwise). */
    async attachmentForMember(actor: Actor, tenant: Tenant, attachmentId: string): Promise<{ objectPath: string; fileType: string }> {
      const row = await findMemberAttachment(db, tenant.companyId, actor.userId, attachmentId);
      if (!row) throw AppError.notFound('Attachment not found');
      return { objectPath: row.objectPath, fileType: row.fileType };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
