// The chat's query keys, one place: the list, each conversation, its messages, the colleagues.
export const chatKeys = {
  all: ['chat'] as const,
  colleagues: ['chat', 'colleagues'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
  projectThread: (projectId: string) => ['chat', 'project-thread', projectId] as const,
};
