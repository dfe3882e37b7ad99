// The inbox's query keys, one place: the list (pages of notifications) and the navigation's unread count.
export const inboxKeys = {
  all: ['inbox'] as const,
  list: ['inbox', 'list'] as const,
  unread: ['inbox', 'unread'] as const,
};

/** A page of the inbox holds this many; a shorter page is the last. */
export const INBOX_PAGE_SIZE = 50;
