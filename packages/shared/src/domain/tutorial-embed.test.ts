import { describe, expect, it } from 'vitest';
import { guideSteps, safeEmbedUrl, tutorialRoutesFor } from './tutorial-embed';

describe('safeEmbedUrl', () => {
  it('accepts https YouTube and Vimeo iframes and links', () => {
    expect(safeEmbedUrl('<iframe width="560" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0"></iframe>')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(safeEmbedUrl("<iframe src='https://player.vimeo.com/video/76979871?h=1&amp;title=0'></iframe>")).toBe(
      'https://player.vimeo.com/video/76979871?h=1&title=0',
    );
    expect(safeEmbedUrl('https://www.youtube-nocookie.com/embed/abcdefghijk')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(safeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(safeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(safeEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('refuses everything else', () => {
    for (const bad of [
      '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://www.youtube.com.evil.com/embed/x"></iframe>',
      '<iframe src="https://evil.com/?https://www.youtube.com/embed/x"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<script src="https://www.youtube.com/embed/x"></script>',
      '<img src=x onerror=alert(1)>',
      'https://user:pw@www.youtube.com/embed/abc',
      'https://www.youtube.com:8443/embed/abc',
      'https://www.youtube.com/redirect?q=https://evil.com',
      'https://player.vimeo.com/api/player.js',
      'https://notyoutube.com/embed/x',
      'not a url',
      '',
    ]) {
      expect(safeEmbedUrl(bad), bad).toBeNull();
    }
    expect(safeEmbedUrl(null)).toBeNull();
    expect(safeEmbedUrl('x'.repeat(5000))).toBeNull();
  });
});

describe('tutorialRoutesFor', () => {
  it('looks up /projects/* for /projects/:id', () => {
    expect(tutorialRoutesFor('/projects/123')).toEqual(['/projects/123', '/projects/*']);
    expect(tutorialRoutesFor('/projects')).toEqual(['/projects']);
    expect(tutorialRoutesFor('/dashboard/')).toEqual(['/dashboard']);
    expect(tutorialRoutesFor('/messages?subscribe=1')).toEqual(['/messages']);
    expect(tutorialRoutesFor('/')).toEqual(['/']);
  });
});

describe('guideSteps', () => {
  it('reads one step a line, without blank lines or list marks', () => {
    expect(guideSteps('1. Open the menu.\r\n\n  - Choose Team.\n2) Press Invite.\n• Done')).toEqual([
      'Open the menu.',
      'Choose Team.',
      'Press Invite.',
      'Done',
    ]);
    expect(guideSteps(null)).toEqual([]);
    expect(guideSteps('   ')).toEqual([]);
  });
});
