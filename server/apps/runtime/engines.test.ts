import { describe, expect, it } from 'vitest';
import { engineFor, engineVersionFor, olderEngineFor } from './engines';

describe('the engine a version is started in', () => {
  it('is Deno’s 1.53 unless the app admits no engine from Deno on', () => {
    expect(engineFor('^1.44.0')).toBe('deno');
    expect(engineFor('^1.36.0')).toBe('deno');
    expect(engineFor('>=1.60.0')).toBe('deno');
    expect(engineFor('~1.42.0')).toBe('node');
    expect(engineFor('not a range')).toBe('deno');
  });

  it('is also 1.42’s Node runtime when the lowest engine the app admits predates Deno', () => {
    expect(olderEngineFor('^1.36.0')).toBe('node');
    expect(olderEngineFor('>=1.42.0')).toBe('node');
    expect(olderEngineFor('^1.43.0')).toBeNull();
    expect(olderEngineFor('~1.42.0')).toBeNull();
  });

  it('answers an app that asks for a newer engine as if it were that one', () => {
    expect(engineVersionFor('deno', '^1.44.0')).toBe('1.53.1');
    expect(engineVersionFor('deno', '^1.60.2')).toBe('1.60.2');
    expect(engineVersionFor('node', '^1.36.0')).toBe('1.42.1');
  });
});
