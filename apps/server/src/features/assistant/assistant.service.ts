import type { z } from 'zod';
import type {
  AskDone,
  AssistantConversation,
  AssistantMessage,
  AssistantSettings,
  AssistantStatus,
  askSchema,
  createPassageSchema,
  Passage,
  rateAnswerSchema,
  updateAssistantSettingsSchema,
  updatePassageSchema,
} from '@ridgeline/shared/contracts/assistant';
import { BUILT_IN_NOTICE, codeEditionOf, PROVIDER_OFF_NOTICE, type CodeEdition } from '@ridgeline/shared/domain/assistant';
import type { Actor, Tenant } from '../../lib/actor';
import { ProviderFailed, ProviderStopped, ProviderStreamCut, type ChatProvider, type ChatTurn } from '../../infra/ai/chat-provider';
import { countAssistantUsesToday, endAssistantUse, reserveAssistantUse, type AssistantUse } from '../../data/assistant-usage';
import type { Db } from '../../infra/db/client';
import { intakeFeedback } from '../../data/feedback-intake';
import { AppError } from '../../lib/app-error';
import {
  builtInAnswer,
  checkCitations,
  claimSummary,
  providerPrompt,
  relevantFacts,
  strongPassages,
  supplementLetter,
  SUPPLEMENT_BASIS,
  type Sources,
} from './answers';
import { assertCanSetAssistant } from './assistant.policy';
import {
  conversationOf,
  findClaimFile,
  findOwnAnswer,
  insertPassage,
  insertTurn,
  listMessages,
  listPassages,
  livePassagesBySlug,
  questionBefore,
  readSettings,
  searchPassages,
  setRating,
  updatePassage,
  writeSettings,
  type MessageRow,
  type PassageRow,
} from './assistant.repository';
import { readClaimContext, type ClaimContext } from './claim-context';

export type AssistantServiceDeps = { db: Db; provider: ChatProvider | null; defaultDailyLimit: number; now?: () => Date };

type AskInput = z.output<typeof askSchema>;
type RateInput = z.output<typeof rateAnswerSchema>;
type SettingsPatch = z.output<typeof updateAssistantSettingsSchema>;
type CreatePassage = z.output<typeof createPassageSchema>;
type UpdatePassage = z.output<typeof updatePassageSchema>;

/** Turns shown with a conversation, and turns of it sent with a question to the provider. */
export const CONVERSATION_TURNS = 100;
export const PROMPT_HISTORY_TURNS = 6;
/** Passages retrieved per question: offered to the provider, and shown at most in a built-in answer. */
export const PROMPT_PASSAGES = 8;
export const BUILT_IN_PASSAGES = 3;
export const RESEARCH_PASSAGES = 5;

export function presentMessage(row: MessageRow): AssistantMessage {
  return {
    id: row.id,
    role: row.role,
    task: row.task,
    research: row.research,
    content: row.content,
    mode: row.mode ?? null,
    citations: row.citations as AssistantMessage['citations'],
    dropped: row.dropped as string[],
    rating: row.rating ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentPassage(row: PassageRow): Passage {
  return {
    id: row.id,
    slug: row.slug,
    topic: row.topic,
    section: row.section,
    title: row.title,
    body: row.body,
    source: row.source,
    editionNote: row.editionNote,
    editions: row.editions,
    confidence: row.confidence,
    keywords: row.keywords,
    retired: row.retiredAt !== null,
  };
}

/** What an answer is about to be made from: checked before the stream opens, so any refusal is a plain 4xx. */
export type AskPlan = {
  actor: Actor;
  tenant: Tenant;
  input: AskInput;
  conversationId: string;
  edition: CodeEdition;
  /** The use of the company's day reserved for this answer, ended by runAsk. */
  use: AssistantUse;
  context: ClaimContext | null;
  /** The provider to ask, or null for a built-in answer (none configured, or the owner turned it off). */
  provider: ChatProvider | null;
  notice: string;
};

/** What the provider said it used for an answer (all null for one made on the server). */
type AnswerUsage = { model: string | null; promptTokens: number | null; completionTokens: number | null };

/** How an answer's reserved use ends: it counts once the provider was asked (and did not refuse) or the answer was saved. */
type Spend = { counts: boolean; model: string | null };

/**
 * The assistant: a private conversation per user (general, and per claim file), answers from the
 * knowledge base and the claim file, built-in or from the provider, each citation checked before the
 * answer is saved, the company's daily answer limit (a use reserved before each answer, one answer
 * at a time per conversation), ratings, and the knowledge base's upkeep.
 */
export function createAssistantService({ db, provider, defaultDailyLimit, now = () => new Date() }: AssistantServiceDeps) {
  async function settingsOf(tenant: Tenant) {
    const row = await readSettings(db, tenant.companyId);
    if (!row) throw AppError.notFound('Company not found');
    return { edition: codeEditionOf(row.codeEdition), providerEnabled: row.providerEnabled, dailyLimit: row.dailyLimit ?? defaultDailyLimit };
  }

  async function statusOf(tenant: Tenant): Promise<AssistantStatus> {
    const settings = await settingsOf(tenant);
    const mode = provider && settings.providerEnabled ? 'provider' : 'builtin';
    return {
      mode,
      notice: mode === 'provider' ? null : provider ? PROVIDER_OFF_NOTICE : BUILT_IN_NOTICE,
      answersToday: await countAssistantUsesToday(db, tenant.companyId, now()),
      dailyLimit: settings.dailyLimit,
      codeEdition: settings.edition,
    };
  }

  /** The claim file of the company, or 404 (another company's id is simply not found). */
  async function ownClaimFile(tenant: Tenant, projectId: string) {
    const project = await findClaimFile(db, tenant.companyId, projectId);
    if (!project) throw AppError.notFound('Claim file not found');
    return project;
  }

  async function conversation(actor: Actor, tenant: Tenant, projectId: string | undefined): Promise<AssistantConversation> {
    const project = projectId ? await ownClaimFile(tenant, projectId) : null;
    const { id } = await conversationOf(db, tenant.companyId, actor.userId, project?.id ?? null);
    const messages = await listMessages(db, tenant.companyId, id, CONVERSATION_TURNS);
    return { id, projectId: project?.id ?? null, projectTitle: project?.title ?? null, messages: messages.map(presentMessage), status: await statusOf(tenant) };
  }

  /**
   * Checks the question and reserves its use of the company's day before the stream opens, so the
   * daily limit (429) and a conversation already answering (409) are plain refusals. The caller must
   * hand the plan to runAsk, which ends the use.
   */
  async function prepareAsk(actor: Actor, tenant: Tenant, input: AskInput): Promise<AskPlan> {
    const settings = await settingsOf(tenant);
    const context = input.projectId ? await readClaimContext(db, tenant.companyId, input.projectId) : null;
    if (input.projectId && !context) throw AppError.notFound('Claim file not found');
    const { id } = await conversationOf(db, tenant.companyId, actor.userId, context?.projectId ?? null);
    const use = await reserveAssistantUse(db, {
      companyId: tenant.companyId,
      userId: actor.userId,
      kind: 'answer',
      conversationId: id,
      dailyLimit: settings.dailyLimit,
      now: now(),
    });
    const useProvider = provider && settings.providerEnabled && input.task === 'answer' ? provider : null;
    return {
      actor,
      tenant,
      input,
      conversationId: id,
      edition: settings.edition,
      use,
      context,
      provider: useProvider,
      notice: provider ? PROVIDER_OFF_NOTICE : BUILT_IN_NOTICE,
    };
  }

  /** The passages and claim facts an answer may use and cite. */
  async function sourcesFor(plan: AskPlan): Promise<Sources> {
    const { input, context, edition } = plan;
    if (input.task === 'supplement_letter' && context) {
      const slugs = [...new Set(context.supplement.flatMap((item) => SUPPLEMENT_BASIS[item.code] ?? []))];
      return { passages: await livePassagesBySlug(db, slugs), facts: context.facts };
    }
    if (input.task === 'claim_summary' && context) return { passages: [], facts: [...context.facts, ...context.missing] };
    const ranked = await searchPassages(db, input.question, edition, PROMPT_PASSAGES);
    if (plan.provider) return { passages: ranked, facts: context && !input.research ? context.facts : [] };
    const passages = strongPassages(ranked, input.research ? RESEARCH_PASSAGES : BUILT_IN_PASSAGES);
    const facts = context && !input.research ? relevantFacts(input.question, context, 3) : [];
    return { passages, facts };
  }

  /** The provider's answer, its tokens streamed through `onToken`; `spend` says whether its use counts if what follows fails. */
  async function askProvider(
    plan: AskPlan,
    provider: ChatProvider,
    sources: Sources,
    options: { signal: AbortSignal; onToken: (token: string) => void },
    spend: Spend,
  ) {
    const history = await listMessages(db, plan.tenant.companyId, plan.conversationId, PROMPT_HISTORY_TURNS);
    const turns: ChatTurn[] = history.map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }));
    const { input } = plan;
    // Asked from here on: a stop or a cut answer still counts, the provider was called.
    spend.counts = true;
    try {
      const answer = await provider.complete(
        providerPrompt({
          question: input.question,
          edition: plan.edition,
          research: input.research,
          passages: sources.passages,
          facts: sources.facts,
          history: turns,
        }),
        options,
      );
      spend.model = answer.model;
      return { raw: answer.text, usage: { model: answer.model, ...answer.usage } };
    } catch (error) {
      if (error instanceof ProviderStopped) throw error;
      if (error instanceof ProviderStreamCut)
        throw new AppError('ASSISTANT_ANSWER_FAILED', 'The answer was cut off before it was complete. Nothing was saved; ask again.');
      if (error instanceof ProviderFailed) {
        // Refused or never reached: the provider answered nothing, so the use is given back.
        spend.counts = false;
        throw new AppError('ASSISTANT_ANSWER_FAILED', `${error.message}. Nothing was saved; ask again.`);
      }
      throw error;
    }
  }

  /** The answer's text: the letter, the summary, the provider's answer or the built-in one. */
  async function makeAnswer(plan: AskPlan, sources: Sources, options: { signal: AbortSignal; onToken: (token: string) => void }, spend: Spend) {
    const { input, context } = plan;
    const noUsage: AnswerUsage = { model: null, promptTokens: null, completionTokens: null };
    if (input.task === 'supplement_letter' && context)
      return { raw: supplementLetter(context, new Map(sources.passages.map((p) => [p.slug, p])), plan.edition), usage: noUsage };
    if (input.task === 'claim_summary' && context) return { raw: claimSummary(context), usage: noUsage };
    if (plan.provider) return askProvider(plan, plan.provider, sources, options, spend);
    return { raw: builtInAnswer(plan.notice, sources.passages, sources.facts), usage: noUsage };
  }

  /** Writes the question, the checked answer and its settled use together: one commit for the three. */
  async function saveAnswer(plan: AskPlan, checked: ReturnType<typeof checkCitations>, usage: AnswerUsage, durationMs: number) {
    const base = { companyId: plan.tenant.companyId, conversationId: plan.conversationId, task: plan.input.task, research: plan.input.research };
    return db.transaction(async (tx) => {
      const turn = await insertTurn(
        tx,
        { ...base, role: 'user', content: plan.input.question },
        {
          ...base,
          role: 'assistant',
          content: checked.text,
          mode: plan.provider ? 'provider' : 'builtin',
          citations: checked.citations,
          dropped: checked.dropped,
          model: usage.model,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          durationMs,
        },
      );
      await endAssistantUse(tx, plan.use, { counts: true, model: usage.model });
      return turn;
    });
  }

  /**
   * Makes the answer (streaming the provider's tokens through `onToken`), checks its citations, and
   * saves the question and the answer together. A stop, a cut stream or a provider failure saves
   * nothing. However it ends, the plan's use ends with it: settled when the provider was asked (and
   * did not refuse) or the answer saved, given back otherwise.
   */
  async function runAsk(plan: AskPlan, options: { signal: AbortSignal; onToken: (token: string) => void }): Promise<AskDone> {
    const spend: Spend = { counts: false, model: null };
    let settled = false;
    try {
      const started = Date.now();
      const sources = await sourcesFor(plan);
      const { raw, usage } = await makeAnswer(plan, sources, options, spend);
      if (!plan.provider) options.onToken(raw);
      const saved = await saveAnswer(plan, checkCitations(raw, sources), usage, Date.now() - started);
      settled = true;
      return { question: presentMessage(saved.question), answer: presentMessage(saved.answer) };
    } finally {
      if (!settled) await endAssistantUse(db, plan.use, spend);
    }
  }

  /** Rates an answer of the user's own; a wrong one is filed as feedback to the team (once per answer), in the same transaction. */
  async function rate(actor: Actor, tenant: Tenant, messageId: string, input: RateInput): Promise<AssistantMessage> {
    const found = await findOwnAnswer(db, tenant.companyId, actor.userId, messageId);
    if (!found) throw AppError.notFound('Answer not found');
    const question = await questionBefore(db, found.answer);
    await db.transaction(async (tx) => {
      await setRating(tx, tenant.companyId, messageId, input.rating, input.note ?? null);
      if (input.rating === 'wrong') {
        await intakeFeedback(tx, {
          companyId: tenant.companyId,
          authorId: actor.userId,
          type: 'problem',
          source: 'assistant',
          sourceRef: messageId,
          page: found.projectId ? `/assistant?claim=${found.projectId}` : '/assistant',
          message: [
            `An assistant answer was rated wrong.`,
            input.note ? `Note: ${input.note}` : null,
            `Question: ${question ?? '(not found)'}`,
            `Answer: ${found.answer.content}`,
          ]
            .filter(Boolean)
            .join('\n\n')
            .slice(0, 5000),
        });
      }
    });
    const again = await findOwnAnswer(db, tenant.companyId, actor.userId, messageId);
    if (!again) throw AppError.notFound('Answer not found');
    return presentMessage(again.answer);
  }

  async function settings(tenant: Tenant): Promise<AssistantSettings> {
    const s = await settingsOf(tenant);
    return { codeEdition: s.edition, providerEnabled: s.providerEnabled, providerConfigured: provider !== null, dailyLimit: s.dailyLimit };
  }

  async function updateSettings(tenant: Tenant, patch: SettingsPatch): Promise<AssistantSettings> {
    assertCanSetAssistant(tenant);
    await writeSettings(db, tenant.companyId, patch);
    return settings(tenant);
  }

  async function passages(includeRetired: boolean): Promise<Passage[]> {
    return (await listPassages(db, includeRetired)).map(presentPassage);
  }

  async function createPassage(input: CreatePassage): Promise<Passage> {
    const row = await insertPassage(db, input);
    if (!row) throw AppError.conflict('A passage with this slug already exists.');
    return presentPassage(row);
  }

  async function editPassage(id: string, patch: UpdatePassage): Promise<Passage> {
    const { retired, ...fields } = patch;
    const row = await updatePassage(db, id, { ...fields, ...(retired === undefined ? {} : { retiredAt: retired ? new Date() : null }) });
    if (!row) throw AppError.notFound('Passage not found');
    return presentPassage(row);
  }

  return { status: statusOf, conversation, prepareAsk, runAsk, rate, settings, updateSettings, passages, createPassage, editPassage };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
