import { describe, expect, it } from 'vitest';
import { shortDescriptionFrom } from './short-description';

describe('the short description prefilled from the manifest', () => {
  it.each([
    ['a short one, whole', 'Quick polls for rooms.', 'Quick polls for rooms.'],
    [
      'a long one, cut at a word within 45 characters',
      'Posts a daily standup prompt and collects answers in a thread.',
      'Posts a daily standup prompt and collects',
    ],
    ['no trailing punctuation after the cut', 'Polls; surveys; quizzes; votes; tallies; charts; more', 'Polls; surveys; quizzes; votes; tallies'],
    ['one very long word: nothing', 'A'.repeat(60), ''],
    ['white space folded', '  Two   spaces\n\nand lines  ', 'Two spaces and lines'],
  ])('%s', (_name, description, expected) => {
    const short = shortDescriptionFrom(description);
    expect(short).toBe(expected);
    expect(short.length).toBeLessThanOrEqual(45);
  });
});
