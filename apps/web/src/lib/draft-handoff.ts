import { useMemo, useSyncExternalStore } from 'react';

// A draft handed from one screen to another: the assistant's answer copied into a claim packet's cover
// letter. It waits in the tab's session storage under the claim file's id until the packet form takes
// it (once), so reloading the packet form later starts from the template again.

const key = (projectId: string) => `ridgeline:cover-letter-draft:${projectId}`;

export function handOffCoverLetter(projectId: string, text: string): void {
  try {
    sessionStorage.setItem(key(projectId), text);
  } catch {
    // Storage refused (private mode, quota): the copy is not kept.
  }
}

/** The draft waiting for this claim file's cover letter, taken (removed) as it is read; null when none. */
export function takeCoverLetter(projectId: string): string | null {
  try {
    const text = sessionStorage.getItem(key(projectId));
    if (text !== null) sessionStorage.removeItem(key(projectId));
    return text;
  } catch {
    return null;
  }
}

/** Whether a draft waits for this claim file's cover letter (without taking it). */
export function hasCoverLetterDraft(projectId: string): boolean {
  try {
    return sessionStorage.getItem(key(projectId)) !== null;
  } catch {
    return false;
  }
}

// A draft copied into a chat message: one at a time, in the tab's session storage, with the claim
// file it was written about (whose conversation is offered first) and the user who copied it. The chat
// shows it waits and asks which conversation it is for; the composer of the conversation opened next
// takes it (once) into its box, unsent. A new copy replaces one still waiting. Only its user sees or
// takes it: someone else signed in later in the same tab never gets another's private answer.

const CHAT_KEY = 'ridgeline:chat-draft';

export type ChatDraft = { text: string; projectId: string | null; userId: string };

const chatDraftListeners = new Set<() => void>();
const announce = () => {
  for (const listener of chatDraftListeners) listener();
};

function readChatDraft(raw: string | null): ChatDraft | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { text, projectId, userId } = value as { text?: unknown; projectId?: unknown; userId?: unknown };
    if (typeof text !== 'string' || typeof userId !== 'string') return null;
    return { text, projectId: typeof projectId === 'string' ? projectId : null, userId };
  } catch {
    return null;
  }
}

function rawChatDraft(): string | null {
  try {
    return sessionStorage.getItem(CHAT_KEY);
  } catch {
    return null;
  }
}

export function handOffChatDraft(draft: ChatDraft): void {
  try {
    sessionStorage.setItem(CHAT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): the copy is not kept.
  }
  announce();
}

/**
 * This user's waiting chat draft, taken (removed) as it is read; null when none, or while nobody is
 * known to be signed in. Another user's is dropped.
 */
export function takeChatDraft(userId: string | null): ChatDraft | null {
  const raw = rawChatDraft();
  if (raw === null || userId === null) return null;
  discardChatDraft();
  const draft = readChatDraft(raw);
  return draft && draft.userId === userId ? draft : null;
}

/** The waiting chat draft thrown away (the user changed their mind). */
export function discardChatDraft(): void {
  try {
    sessionStorage.removeItem(CHAT_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
  announce();
}

function subscribeChatDraft(listener: () => void): () => void {
  chatDraftListeners.add(listener);
  return () => chatDraftListeners.delete(listener);
}

/** This user's chat draft waiting (without taking it), kept current as one is handed off, taken or discarded. */
export function useWaitingChatDraft(userId: string | null): ChatDraft | null {
  const raw = useSyncExternalStore(subscribeChatDraft, rawChatDraft, () => null);
  return useMemo(() => {
    const draft = readChatDraft(raw);
    return draft && draft.userId === userId ? draft : null;
  }, [raw, userId]);
}
