import OpenAI from 'openai';

// The assistant's AI provider: any OpenAI-compatible chat-completions endpoint, through the official
// `openai` client (a hosted service or a self-hosted model: base URL, key and model from
// configuration). The client retries 429 and 5xx answers and lost connections with exponential
// backoff (it honors Retry-After), and gives up on a request after the timeout. Tokens are handed on
// as they stream; an answer is complete only once the provider says it finished: a stream that ends
// without its finish reason, or breaks, is a ProviderStreamCut, and nothing of it may be saved.
// A photo is asked about in one non-streamed call (`describeImage`): the image goes as a data URL in
// an `image_url` content part, with the same timeout and retries.
// The errors say whether the provider answered, which decides whether the call counts against the
// daily limit: ProviderFailed (refused or unreachable, nothing answered) is given back; a cut answer
// or a stop counts.

export type ChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };
export type ProviderUsage = { promptTokens: number | null; completionTokens: number | null };
export type ProviderAnswer = { text: string; usage: ProviderUsage; model: string };

export type ChatProvider = {
  model: string;
  /** Streams an answer; `onToken` gets each piece of text. Rejects with ProviderStreamCut or ProviderFailed; an aborted signal rejects with ProviderStopped. */
  complete: (turns: ChatTurn[], options: { signal: AbortSignal; onToken: (token: string) => void }) => Promise<ProviderAnswer>;
  /** One answer about one image (not streamed). Rejects with ProviderFailed (a provider without image input refuses it) or, aborted, ProviderStopped. */
  describeImage: (request: ImageQuestion, options: { signal: AbortSignal }) => Promise<ProviderAnswer>;
};

/** An instruction, a question and one image as a data URL (`data:image/jpeg;base64,…`). */
export type ImageQuestion = { system: string; question: string; imageDataUrl: string };

export type ChatProviderConfig = { apiKey: string; baseUrl: string | null; model: string; timeoutMs: number; maxRetries: number };

/** The answer ended (or broke, or could not be read) after the provider began it, before it said it was finished. */
export class ProviderStreamCut extends Error {}
/** The provider refused or could not be reached, after the retries: it answered nothing. */
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

const CUT_OFF = 'The AI provider stopped sending before the answer was complete';

/** The provider's refusal (an error status after the retries) or its absence (no connection, no answer in time); null for anything else. */
function refusalOf(error: unknown): ProviderFailed | null {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderFailed('The AI provider did not answer in time', null);
  if (error instanceof OpenAI.APIConnectionError) return new ProviderFailed('The AI provider could not be reached', null);
  if (error instanceof OpenAI.APIError && error.status !== undefined) return new ProviderFailed(`The AI provider answered ${error.status}`, error.status);
  return null;
}

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
    let opened = false;
    let usage: ProviderUsage = { promptTokens: null, completionTokens: null };
    let model = config.model;
    try {
      const stream = await client.chat.completions.create(
        { model: config.model, messages: turns, stream: true, stream_options: { include_usage: true }, temperature: 0.2 },
        { signal },
      );
      opened = true;
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
      // Once the stream opened, the provider has answered: whatever breaks after is a cut answer.
      throw (opened ? null : refusalOf(error)) ?? new ProviderStreamCut(CUT_OFF);
    }
    if (signal.aborted) throw new ProviderStopped('Stopped');
    if (!finished) throw new ProviderStreamCut(CUT_OFF);
    return { text, usage, model };
  }

  async function describeImage({ system, question, imageDataUrl }: ImageQuestion, { signal }: { signal: AbortSignal }): Promise<ProviderAnswer> {
    let answer: OpenAI.Chat.Completions.ChatCompletion;
    try {
      answer = await client.chat.completions.create(
        {
          model: config.model,
          messages: [
            { role: 'system', content: system },
            {
              role: 'user',
              content: [
                { type: 'text', text: question },
                { type: 'image_url', image_url: { url: imageDataUrl } },
              ],
            },
          ],
          stream: false,
          temperature: 0,
        },
        { signal },
      );
    } catch (error) {
      if (signal.aborted) throw new ProviderStopped('Stopped');
      throw refusalOf(error) ?? new ProviderStreamCut('The AI provider sent an answer that could not be read');
    }
    const choice = answer.choices[0];
    if (!choice || choice.finish_reason === 'length') throw new ProviderStreamCut('The AI provider stopped before the answer was complete');
    return {
      text: choice.message.content ?? '',
      usage: { promptTokens: answer.usage?.prompt_tokens ?? null, completionTokens: answer.usage?.completion_tokens ?? null },
      model: answer.model || config.model,
    };
  }

  return { model: config.model, complete, describeImage };
}
