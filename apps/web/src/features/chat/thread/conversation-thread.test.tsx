import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatColleague, ChatMessage } from '@ridgeline/shared/contracts/chat';
import type { RealtimeListener } from '../../../lib/realtime/realtime-client';
import { handOffChatDraft } from '../../../lib/draft-handoff';
import { notify } from '../../../lib/toast';
import { openChatOutboxDb } from '../../../offline/chat-outbox/db';
import { answer, answerWhenReleased, apiError, json, networkFailure, sent } from '../../../test/fake-server';
import { controlBrowserOnline, renderWithSession } from '../../../test/render-with-session';
import { alice, answerSession } from '../../../test/session-fakes';
import { chatKeys } from '../api/chat-keys';
import { ConversationThread } from './conversation-thread';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const realtime = vi.hoisted(() => ({ listeners: new Set<(event: unknown) => void>(), sentEvents: [] as unknown[] }));
vi.mock('../../../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: RealtimeListener) => {
    realtime.listeners.add(listener as (event: unknown) => void);
    return () => realtime.listeners.delete(listener as (event: unknown) => void);
  },
  sendRealtime: (event: unknown) => {
    realtime.sentEvents.push(event);
    return true;
  },
}));

const CONVERSATION = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BASE = `/api/chat/conversations/${CONVERSATION}`;
const browser = controlBrowserOnline();

const DAVE: ChatColleague = { id: 'u-dave', name: 'Dave Gutter', firstName: 'Dave', lastName: 'Gutter', email: 'dave@example.com', avatarUrl: null };
const DANA: ChatColleague = { id: 'u-dana', name: 'Dana Ridge', firstName: 'Dana', lastName: 'Ridge', email: 'dana@example.com', avatarUrl: null };
const CARL: ChatColleague = { id: 'u-carl', name: 'Carl Flash', firstName: 'Carl', lastName: 'Flash', email: 'carl@example.com', avatarUrl: null };

let idCounter = 0;
function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  idCounter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(idCounter).padStart(12, '0')}`,
    seq,
    conversationId: CONVERSATION,
    senderId: DAVE.id,
    senderName: 'Dave Gutter',
    content: `Message ${seq}`,
    messageType: 'text',
    clientId: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    attachments: [],
    mentions: [],
    ...overrides,
  };
}

function emit(event: unknown) {
  for (const listener of realtime.listeners) listener(event);
}

/** The thread with `initial` as its latest messages; GET ?after= answers what `later` holds after that seq. */
function renderThread({
  initial = [] as ChatMessage[],
  later = [] as ChatMessage[],
  hasEarlier = false,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
} = {}) {
  answerSession(alice);
  answer('GET /api/chat/colleagues', json({ colleagues: [CARL, DANA, DAVE] }));
  answer(`POST ${BASE}/read`, json({ lastReadAt: '2026-11-23T10:05:00.000Z' }));
  answer('POST /api/functions/send-chat-push', json({ queued: 1 }, { status: 202 }));
  answer(`GET ${BASE}/messages`, (request) => {
    const after = request.url.searchParams.get('after');
    if (after !== null) return json({ messages: [...initial, ...later].filter((m) => m.seq > Number(after)), hasEarlier: false });
    return json({ messages: initial, hasEarlier });
  });
  const view = renderWithSession(<ConversationThread conversationId={CONVERSATION} />, { url: '/messages', queryClient });
  return Object.assign(queryClient, { unmountThread: view.unmount });
}

function box(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Message' });
}

beforeEach(async () => {
  // Each test starts with an empty outbox (it lives in IndexedDB, across the file's tests).
  const outbox = openChatOutboxDb();
  await outbox.messages.clear();
  outbox.close();
  vi.clearAllMocks();
  realtime.listeners.clear();
  realtime.sentEvents.length = 0;
});

describe('ConversationThread', () => {
  it('takes a draft copied from the assistant into its box, unsent and ready to edit, once', async () => {
    handOffChatDraft({ text: 'Drip edge is required at the eaves (IRC R905.2.8.5).', projectId: null, userId: alice.id });
    const thread = renderThread();
    await waitFor(() => expect(box()).toHaveValue('Drip edge is required at the eaves (IRC R905.2.8.5).'));
    expect(box()).toHaveFocus();
    expect(sent(`POST ${BASE}/messages`)).toHaveLength(0);
    expect(sessionStorage.getItem('ridgeline:chat-draft')).toBeNull();
    // Taken: the next thread opened starts empty.
    thread.unmountThread();
    renderThread();
    await waitFor(() => expect(box()).toHaveValue(''));
  });

  it("never gives one user's draft to another signed in later in the same tab", async () => {
    handOffChatDraft({ text: 'A private answer', projectId: null, userId: 'someone-else' });
    renderThread();
    await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(sessionStorage.getItem('ridgeline:chat-draft')).toBeNull());
    expect(box()).toHaveValue('');
  });

  it('shows the messages oldest first, mine apart from others with the sender named, marks read and says it is viewing', async () => {
    renderThread({
      initial: [message(1, { content: 'Roof at 12 Elm\nneeds a tarp' }), message(2, { senderId: alice.id, senderName: 'Alice Roof', content: 'On my way' })],
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Dave Gutter');
    expect(items[0]?.querySelector('p')?.textContent).toBe('Roof at 12 Elm\nneeds a tarp');
    expect(items[1]).not.toHaveTextContent('Alice Roof');
    expect(items[1]).toHaveTextContent('On my way');
    await waitFor(() => expect(sent(`POST ${BASE}/read`)).toHaveLength(1));
    expect(realtime.sentEvents).toContainEqual({ type: 'viewing', conversationId: CONVERSATION });
  });

  it('sends a read mark still waiting when the thread closes: what was shown was read', async () => {
    const thread = renderThread({ initial: [message(1)] });
    await waitFor(() => expect(sent(`POST ${BASE}/read`)).toHaveLength(1));
    // A message arrives within the second after the first mark: its mark waits for the second to end.
    act(() => emit({ type: 'message', message: message(2, { content: 'Just in' }) }));
    await screen.findByText('Just in');
    expect(sent(`POST ${BASE}/read`)).toHaveLength(1);
    thread.unmountThread();
    await waitFor(() => expect(sent(`POST ${BASE}/read`)).toHaveLength(2));
  });

  it('sends with Enter (trimmed, with a client id), adds a line with Shift+Enter, and never sends an empty message', async () => {
    const user = userEvent.setup();
    renderThread();
    answer(`POST ${BASE}/messages`, (request) => {
      const body = request.body as { clientId: string; content: string; mentions: string[] };
      return json({ message: message(10, { senderId: alice.id, senderName: 'Alice Roof', content: body.content, clientId: body.clientId }) }, { status: 201 });
    });
    await screen.findByText('No messages yet. Say hello.');

    await user.type(box(), '   {Enter}');
    expect(sent(`POST ${BASE}/messages`)).toHaveLength(0);

    await user.clear(box());
    await user.type(box(), '  First line{Shift>}{Enter}{/Shift}second line  ');
    expect(box().value).toBe('  First line\nsecond line  ');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(sent(`POST ${BASE}/messages`)).toHaveLength(1));
    const body = sent(`POST ${BASE}/messages`)[0]?.body as { clientId: string; content: string; mentions: string[] };
    expect(body.content).toBe('First line\nsecond line');
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.mentions).toEqual([]);
    await waitFor(() => expect(box().value).toBe(''));
    expect(await screen.findByText(/First line/)).toBeInTheDocument();
    // The other members are told by the server once the message is stored: the browser asks for no push.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent('POST /api/functions/send-chat-push')).toHaveLength(0);
  });

  it("says 'Failed to send' and keeps the text when the server refuses", async () => {
    const user = userEvent.setup();
    renderThread();
    answer(`POST ${BASE}/messages`, apiError('VALIDATION_ERROR', { message: 'Too long' }));
    await screen.findByText('No messages yet. Say hello.');
    await user.type(box(), 'Keep me{Enter}');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to send', 'Too long'));
    // The box cleared when it was sent; the refused text comes back to it.
    await waitFor(() => expect(box().value).toBe('Keep me'));
    expect(screen.queryByText('Keep me', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('merges realtime messages and catch-ups by id: nothing twice, in seq order', async () => {
    const one = message(1);
    const two = message(2);
    const three = message(3);
    renderThread({ initial: [one], later: [two, three] });
    await screen.findByText('Message 1');

    emit({ type: 'message', message: two });
    emit({ type: 'message', message: two });
    await screen.findByText('Message 2');
    // The socket came back: what came after the last seq held is read and merged with what is held.
    emit({ type: 'ready' });
    await screen.findByText('Message 3');
    await waitFor(() => expect(sent(`GET ${BASE}/messages`).some((r) => r.url.searchParams.get('after') === '2')).toBe(true));
    emit({ type: 'message-ref', conversationId: CONVERSATION, messageId: three.id, seq: 3 });
    await waitFor(() => expect(sent(`GET ${BASE}/messages`).some((r) => r.url.searchParams.get('after') === '3')).toBe(true));
    // Another conversation's message is not this thread's.
    emit({ type: 'message', message: { ...message(4), conversationId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', content: 'Elsewhere' } });

    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Message 1'),
      expect.stringContaining('Message 2'),
      expect.stringContaining('Message 3'),
    ]);
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('reads what came while it was closed at once when opened again with messages cached', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cached = message(7, { content: 'Cached one' });
    queryClient.setQueryData(chatKeys.messages(CONVERSATION), { messages: [cached], hasEarlier: false });
    renderThread({ initial: [cached], later: [message(8, { content: 'Came while closed' })], queryClient });
    await screen.findByText('Came while closed');
    expect(sent(`GET ${BASE}/messages`).map((r) => r.url.searchParams.get('after'))).toEqual(['7']);
    expect(screen.getAllByText('Cached one')).toHaveLength(1);
  });

  it('loads earlier messages before the first seq and puts them in front', async () => {
    const user = userEvent.setup();
    const earlier = message(5, { content: 'Earlier one' });
    renderThread({ initial: [message(205)], hasEarlier: true });
    answer(`GET ${BASE}/messages`, (request) => {
      if (request.url.searchParams.get('before') === '205') return json({ messages: [earlier], hasEarlier: false });
      return json({ messages: [message(205)], hasEarlier: true });
    });
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Earlier one');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Earlier one');
  });

  it('suggests colleagues after @, chooses with the keyboard or a tap, and sends the mentions still in the text', async () => {
    const user = userEvent.setup();
    renderThread();
    answer(`POST ${BASE}/messages`, (request) => {
      const body = request.body as { clientId: string; content: string; mentions: string[] };
      return json({ message: message(11, { senderId: alice.id, content: body.content, mentions: body.mentions }) }, { status: 201 });
    });
    await screen.findByText('No messages yet. Say hello.');

    await user.type(box(), 'Hi @da');
    const listbox = await screen.findByRole('listbox', { name: 'Mention a colleague' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dana Ridge', 'Dave Gutter']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box().value).toBe('Hi @Dave Gutter ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(box(), 'and @c');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Carl Flash' }));
    expect(box().value).toBe('Hi @Dave Gutter and @Carl Flash ');

    await user.type(box(), '@d');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // Carl's mention is edited away before sending: only Dave is sent.
    fireEvent.change(box(), { target: { value: 'Hi @Dave Gutter and Carl' } });
    await user.type(box(), '{Enter}');
    await waitFor(() => expect(sent(`POST ${BASE}/messages`)).toHaveLength(1));
    expect((sent(`POST ${BASE}/messages`)[0]?.body as { mentions: string[] }).mentions).toEqual([DAVE.id]);
    const mark = await screen.findByText('@Dave Gutter');
    expect(mark.tagName).toBe('MARK');
  });

  it('keeps a message written offline as pending (nothing sent), and sends it when the connection returns', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    browser.online = false;
    await user.type(box(), 'Written on the roof{Enter}');
    expect(await screen.findByText('Sending when back online')).toBeInTheDocument();
    expect(screen.getByText('Written on the roof')).toBeInTheDocument();
    expect(box().value).toBe('');
    expect(sent(`POST ${BASE}/messages`)).toHaveLength(0);

    answer(`POST ${BASE}/messages`, (request) => {
      const body = request.body as { clientId: string; content: string };
      return json({ message: message(12, { senderId: alice.id, content: body.content, clientId: body.clientId }) }, { status: 201 });
    });
    browser.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Sending when back online')).not.toBeInTheDocument());
    expect(sent(`POST ${BASE}/messages`)).toHaveLength(1);
    expect(screen.getAllByText('Written on the roof')).toHaveLength(1);
    // Delivered later by the outbox: the server pushes it, the browser asks for nothing more.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent('POST /api/functions/send-chat-push')).toHaveLength(0);
  });

  it('keeps a message whose request never reached the server, with the same client id', async () => {
    const user = userEvent.setup();
    renderThread();
    answer(`POST ${BASE}/messages`, networkFailure());
    await screen.findByText('No messages yet. Say hello.');
    await user.type(box(), 'Lost signal{Enter}');
    expect(await screen.findByText('Sending when back online')).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    await waitFor(() => expect(sent(`POST ${BASE}/messages`)).toHaveLength(1));
    // The connection comes back: the outbox tries again at once, with the same client id.
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(sent(`POST ${BASE}/messages`)).toHaveLength(2));
    const ids = sent(`POST ${BASE}/messages`).map((r) => (r.body as { clientId: string }).clientId);
    expect(new Set(ids).size).toBe(1);
    expect(screen.getByText('Sending when back online')).toBeInTheDocument();
  });

  it('takes the next message while the last is still sending: the box clears at once, and both are sent once, in order', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    const held = answerWhenReleased(`POST ${BASE}/messages`);
    let seq = 20;
    await user.type(box(), 'Tarp is on{Enter}');
    await waitFor(() => expect(sent(`POST ${BASE}/messages`)).toHaveLength(1));
    // The first is still on its way: the box is empty and takes the second, which waits its turn.
    expect(box().value).toBe('');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    await user.type(box(), 'Heading to the next roof{Enter}');
    expect(box().value).toBe('');
    await waitFor(() => expect(screen.getAllByText('Sending…')).toHaveLength(2));
    expect(sent(`POST ${BASE}/messages`)).toHaveLength(1);

    answer(`POST ${BASE}/messages`, (request) => {
      const body = request.body as { clientId: string; content: string };
      return json(
        { message: message(++seq, { senderId: alice.id, senderName: 'Alice Roof', content: body.content, clientId: body.clientId }) },
        { status: 201 },
      );
    });
    held.release(json({ message: message(++seq, { senderId: alice.id, senderName: 'Alice Roof', content: 'Tarp is on' }) }, { status: 201 }));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    const bodies = sent(`POST ${BASE}/messages`).map((r) => r.body as { clientId: string; content: string });
    expect(bodies.map((b) => b.content)).toEqual(['Tarp is on', 'Heading to the next roof']);
    expect(new Set(bodies.map((b) => b.clientId)).size).toBe(2);
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Tarp is on', 'Heading to the next roof']);
  });

  it("refuses a file over 25 MB before sending it: 'Upload failed' naming the limit", async () => {
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    const big = new File([new Uint8Array(8)], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [big] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Upload failed', 'Files can be up to 25 MB.'));
    expect(sent(`PUT ${BASE}/attachments`)).toHaveLength(0);
  });

  it("an attachment refused by an upload quota says the server's words: the company's storage full, an hour's uploads used", async () => {
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    const full = "Your company's storage is full: it keeps at most 500 GB of files and photos. Delete what it no longer needs to make room for this upload.";
    const hour = 'Your uploads this hour have reached the limit of 5 GB per person. Uploads can continue in 20 minutes.';
    answer(`PUT ${BASE}/attachments`, apiError('STORAGE_FULL', { message: full }));
    fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [new File(['%PDF-1.4 test'], 'estimate.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Upload failed', full));
    answer(`PUT ${BASE}/attachments`, apiError('UPLOAD_QUOTA_EXCEEDED', { message: hour, retryAfter: 1200 }));
    fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [new File(['%PDF-1.4 again'], 'scope.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Upload failed', hour));
  });

  it("uploads a chosen file as the raw body and says 'Uploaded'", async () => {
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    answer(`PUT ${BASE}/attachments`, (request) =>
      json(
        {
          message: message(13, {
            senderId: alice.id,
            content: '',
            messageType: 'file',
            attachments: [
              {
                id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
                fileName: 'estimate.pdf',
                fileType: 'application/pdf',
                fileSize: 2048,
                url: 'https://files.example/estimate.pdf',
                urlExpiresAt: new Date(Date.now() + 600_000).toISOString(),
              },
            ],
          }),
        },
        { status: request.body ? 201 : 400 },
      ),
    );
    const pdf = new File(['%PDF-1.4 test'], 'estimate.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [pdf] } });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Uploaded', 'Attachment sent.'));
    const put = sent(`PUT ${BASE}/attachments`)[0];
    expect(put?.url.searchParams.get('fileName')).toBe('estimate.pdf');
    expect(put?.headers.get('Content-Type')).toBe('application/pdf');
    expect(await screen.findByRole('button', { name: /estimate\.pdf \(2 KB\)/ })).toBeInTheDocument();
  });

  it("opens a file through a fresh URL in a new tab; a failure says 'File access failed'", async () => {
    const user = userEvent.setup();
    const attachment = {
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      fileName: 'scope.pdf',
      fileType: 'application/pdf',
      fileSize: 3 * 1024 * 1024,
      url: 'https://files.example/old',
      urlExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    renderThread({ initial: [message(1, { content: '', messageType: 'file', attachments: [attachment] })] });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    answer(`GET /api/chat/attachments/${attachment.id}/url`, [
      json({ url: 'https://files.example/fresh', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
      apiError('NOT_FOUND'),
    ]);

    const button = await screen.findByRole('button', { name: 'scope.pdf (3.0 MB)' });
    await user.click(button);
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/fresh'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();

    await user.click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('File access failed', 'Unable to open file.'));
    expect(tab.close).toHaveBeenCalled();
  });

  it("says 'Microphone blocked' when the microphone is refused", async () => {
    const user = userEvent.setup();
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.stubGlobal(
      'MediaRecorder',
      class {
        state = 'inactive';
      },
    );
    renderThread();
    await screen.findByText('No messages yet. Say hello.');
    await user.click(screen.getByRole('button', { name: 'Record a voice note' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Microphone blocked', 'Please allow microphone access.'));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole('button', { name: 'Record a voice note' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
