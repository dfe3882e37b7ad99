import { describe, expect, it } from 'vitest';
import type { ChatColleague } from '@ridgeline/shared/contracts/chat';
import { insertMention, mentionQueryAt, mentionsInText, splitMentions, suggestColleagues } from './mentions';

const person = (id: string, firstName: string, lastName: string): ChatColleague => ({
  id,
  firstName,
  lastName,
  name: `${firstName} ${lastName}`,
  email: `${id}@example.com`,
  avatarUrl: null,
});
const PEOPLE = [person('a', 'Ann', 'Lee'), person('b', 'Bo', 'Annis'), person('c', 'Cy', 'Moe')];

describe('mentions', () => {
  it('finds the @word before the caret, only at a word start', () => {
    expect(mentionQueryAt('Hi @An', 6)).toEqual({ start: 3, query: 'An' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@an', 7)).toBeNull();
    expect(mentionQueryAt('Hi @An there', 12)).toBeNull();
  });

  it('suggests by first, last or whole name, any case', () => {
    expect(suggestColleagues(PEOPLE, 'an').map((p) => p.id)).toEqual(['a', 'b']);
    expect(suggestColleagues(PEOPLE, 'MOE').map((p) => p.id)).toEqual(['c']);
    expect(suggestColleagues(PEOPLE, 'zz')).toEqual([]);
  });

  it('inserts "@First Last " in place of the @word', () => {
    expect(insertMention('Hi @an please', 3, 6, 'Ann Lee')).toEqual({ text: 'Hi @Ann Lee please', caret: 12 });
  });

  it('sends only the chosen colleagues still written in the text', () => {
    const chosen = new Map([
      ['a', 'Ann Lee'],
      ['c', 'Cy Moe'],
    ]);
    expect(mentionsInText('@Ann Lee and Cy', chosen)).toEqual(['a']);
  });

  it('cuts a message into plain text and mentions, the longer name first', () => {
    expect(splitMentions('Hi @Ann Lee and @Ann Leeds!', ['Ann Lee', 'Ann Leeds'])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Ann Lee', mention: true },
      { text: ' and ', mention: false },
      { text: '@Ann Leeds', mention: true },
      { text: '!', mention: false },
    ]);
    expect(splitMentions('plain', [])).toEqual([{ text: 'plain', mention: false }]);
  });
});
