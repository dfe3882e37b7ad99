import { describe, expect, it } from 'vitest';
import { isAppPath, unreadText } from './inbox-words';

describe('the inbox’s words', () => {
  it('opens only paths of this app', () => {
    expect(isAppPath('/messages?conversation=1')).toBe(true);
    expect(isAppPath('/projects/p-1?tab=messages')).toBe(true);
    expect(isAppPath(null)).toBe(false);
    expect(isAppPath('https://elsewhere.example/')).toBe(false);
    expect(isAppPath('//elsewhere.example/')).toBe(false);
    expect(isAppPath('/\\elsewhere.example/')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });

  it('says how many are unread', () => {
    expect(unreadText(3)).toBe('3 unread');
    expect(unreadText(0)).toBe('All caught up');
  });
});
