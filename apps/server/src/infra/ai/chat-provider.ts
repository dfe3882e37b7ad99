import OpenAI from 'openai';

// The assistant's AI provider: any OpenAI-compatible chat-completions endpoint, through the official
// `openai` client (a hosted service or a self-hosted model: base URL, key and model from
// configuration). The client retries 429 and 5xx answers and lost connections with exponential
// backoff (it honors Retry-After), and gives up on a request after the timeout. Tokens are handed on
// as they stream; an answer counts only once the provider says it finished: a stream that ends
// without its finish reason, or breaks, is a ProviderStreamCut, and nothing of it may be saved.

export type ChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };
export type ProviderUsage = { promptTokens: number | null; completionTokens: number | null };
export type ProviderAnswer = { text: string; usage: ProviderUsage; model: string };

export type ChatProvider = {
  model: string;
  /** Streams an answer; `onToken` gets each piece of text. Rejects with ProviderStreamCut or ProviderFailed; an aborted signal rejects with ProviderStopped. */
  complete: (turns: ChatTurn[], options: { signal: AbortSignal; onToken: (token: string) => void }) => Promise<ProviderAnswer>;
};

export type ChatProviderConfig = { apiKey: string; baseUrl: string | null; model: string; timeoutMs: number; maxRetries: number };

/** The stream ended (or broke) before the provider said the answer was finished. */
export class ProviderStreamCut extends Error {}
/** The provider refused or could not be reached, after the retries. */
export class ProviderFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}
/** The user stopped the answer. */
export class ProviderStopped extends Error {}

export function createChatProvider(config: ChatProviderConfig): ChatProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl ?? undefined,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });

  async function complete(turns: ChatTurn[], { signal, onToken }: { signal: AbortSignal; onToken: (token: string) => void }): Promise<ProviderAnswer> {
    let text = '';
    let finished = false;
    let usage: ProviderUsage = { promptTokens: null, completionTokens: null };
    let model = config.model;
    try {
      const stream = await client.chat.completions.create(
        { model: config.model, messages: turns, stream: true, stream_options: { include_usage: true }, temperature: 0.2 },
        { signal },
      );
      for await (const chunk of stream) {
        if (chunk.model) model = chunk.model;
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? null, completionTokens: chunk.usage.completion_tokens ?? null };
        for (const choice of chunk.choices) {
          const piece = choice.delta?.content;
          if (piece) {
            text += piece;
            onToken(piece);
          }
          if (choice.finish_reason) finished = true;
        }
      }
    } catch (error) {
      if (signal.aborted) throw new ProviderStopped('Stopped');
      if (error instanceof OpenAI.APIError && error.status !== undefined) {
        throw new ProviderFailed(`The AI provider answered ${error.status}`, error.status);
      }
      if (error instanceof OpenAI.APIConnectionTimeoutError) throw new ProviderFailed('The AI provider did not answer in time', null);
      if (error instanceof OpenAI.APIConnectionError) throw new ProviderFailed('The AI provider could not be reached', null);
      // The body broke after the answer began.
      throw new ProviderStreamCut('The AI provider stopped sending before the answer was complete');
    }
    if (signal.aborted) throw new ProviderStopped('Stopped');
    if (!finished) throw new ProviderStreamCut('The AI provider stopped sending before the answer was complete');
    return { text, usage, model };
  }

  return { model: config.model, complete };
}
