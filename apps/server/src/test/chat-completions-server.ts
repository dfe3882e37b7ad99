import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server that speaks the OpenAI chat-completions protocol (POST /v1/chat/completions with
// `stream: true`, answered as server-sent `data:` chunks ending in `data: [DONE]`), for the
// assistant's provider tests. Each request takes the next scripted behavior: a streamed answer,
// an error status, a stream cut halfway, or a stream that hangs until the client goes away. A
// request with `stream: false` (a question about a photo) is answered as one `chat.completion`
// object whose message is the scripted pieces joined, or, scripted to hang, never answered until the
// client goes away. `seen` is every request received: the provider calls a test counts.

export type Behavior =
  | { kind: 'stream'; pieces: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; retryAfterMs?: number }
  | { kind: 'cut'; pieces: string[] }
  | { kind: 'hang'; pieces: string[] };

/** A message's content: text, or (a question about a photo) text and image parts. */
export type SeenContent = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
export type SeenRequest = {
  authorization: string | undefined;
  body: { model: string; stream?: boolean; messages: { role: string; content: SeenContent }[] };
  closedEarly: boolean;
};

const chunk = (id: string, delta: Record<string, unknown>, finish: string | null) =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export async function startChatCompletionsServer() {
  const script: Behavior[] = [];
  const seen: SeenRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += String(part);
    const request: SeenRequest = { authorization: req.headers.authorization, body: JSON.parse(raw) as SeenRequest['body'], closedEarly: false };
    seen.push(request);
    res.on('close', () => {
      if (!res.writableEnded) request.closedEarly = true;
    });
    const behavior = script.shift() ?? { kind: 'stream', pieces: ['No script left.'] };
    if (behavior.kind === 'status') {
      res.writeHead(behavior.status, {
        'content-type': 'application/json',
        ...(behavior.retryAfterMs ? { 'retry-after-ms': String(behavior.retryAfterMs) } : {}),
      });
      res.end(JSON.stringify({ error: { message: `scripted ${behavior.status}`, type: 'test' } }));
      return;
    }
    if (!request.body.stream) {
      if (behavior.kind === 'hang') return; // until the client closes the request
      const content = behavior.pieces.join('');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'local-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage:
            behavior.kind === 'stream' && behavior.usage
              ? { ...behavior.usage, total_tokens: behavior.usage.prompt_tokens + behavior.usage.completion_tokens }
              : undefined,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('c1', { role: 'assistant', content: '' }, null));
    for (const piece of behavior.pieces) {
      res.write(chunk('c1', { content: piece }, null));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (behavior.kind === 'cut') {
      res.socket?.destroy();
      return;
    }
    if (behavior.kind === 'hang') return; // until the client closes the request
    res.write(chunk('c1', {}, 'stop'));
    if (behavior.usage) {
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [], usage: { ...behavior.usage, total_tokens: behavior.usage.prompt_tokens + behavior.usage.completion_tokens } })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
