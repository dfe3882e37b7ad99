/** The user's assistant conversation: general (null) or of one claim file. */
export const assistantConversationKey = (projectId: string | null) => ['assistant', 'conversation', projectId ?? 'general'] as const;
export const assistantSettingsKey = ['assistant', 'settings'] as const;
