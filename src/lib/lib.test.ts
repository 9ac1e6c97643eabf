import { describe, expect, it } from 'vitest';
import { renderText } from '../../contract/common';
import { bearerToken } from '../../machines/auth';
import { ApiError } from './api';
import { pageSizeFor } from './page-size';
import { dialogStep, flagParam, oneOfParam, optionalBounded, optionalInt } from './search';
import { sessionStore } from './session-store';
import { currentToasts, errorToastText, toast } from './toast';

describe('pageSizeFor (SPEC §9)', () => {
  it('is floor((height − header − 2 × padding) / 40 − 2)', () => {
    expect(pageSizeFor(1000, 160, 24)).toBe(Math.floor((1000 - 160 - 48) / 40 - 2));
    expect(pageSizeFor(800, 100, 20)).toBe(14);
  });
  it('is 25 when the height is unknown, and never below 1', () => {
    expect(pageSizeFor(undefined, 160, 24)).toBe(25);
    expect(pageSizeFor(100, 160, 24)).toBe(1);
  });
});

describe('bearerToken', () => {
  it('carries only an unexpired token', () => {
    expect(bearerToken({ token: 't', expiresAt: 100_000 }, 10_000)).toBe('t');
    expect(bearerToken({ token: 't', expiresAt: 100_000 }, 99_000)).toBeUndefined();
    expect(bearerToken(null, 0)).toBeUndefined();
  });
});

describe('sessionStore', () => {
  it('keeps token and expiry, and each sign-in state once', () => {
    sessionStore.save({ token: 'abc', expiresAt: 42 });
    expect(sessionStore.load()).toEqual({ token: 'abc', expiresAt: 42 });
    sessionStore.clear();
    expect(sessionStore.load()).toBeNull();
    sessionStore.saveState('s1', { returnTo: '/x', verifier: 'v' });
    expect(sessionStore.takeState('s1')).toEqual({ returnTo: '/x', verifier: 'v' });
    expect(sessionStore.takeState('s1')).toBeNull();
    localStorage.setItem('portal.oauth-state.bad', '{not json');
    expect(sessionStore.takeState('bad')).toBeNull();
  });
});

describe('texts', () => {
  it('renders {product} and leaves unknown placeholders', () => {
    expect(renderText('Welcome to the {product}.Chat Marketplace! {x}', { product: 'Rocket' })).toBe('Welcome to the Rocket.Chat Marketplace! {x}');
  });
  it('formats error toasts as SPEC §8 says', () => {
    expect(errorToastText(new ApiError(409, { error: 'Taken.', code: 'c', requestId: 'r1' }))).toBe('Taken. Request ID: r1');
    expect(errorToastText(new ApiError(500, { requestId: 'r2' }))).toBe('An error occured! Request ID: r2');
    expect(errorToastText({ status: 502, body: 'Bad Gateway' })).toBe('HTTP 502');
  });
});

describe('toast.pending', () => {
  it('replaces the work-under-way toast with its outcome instead of adding one beside it', () => {
    const shown = () => currentToasts().map((x) => [x.tone, x.text]);
    toast.clear();
    const progress = toast.pending('Publishing the app...');
    expect(shown()).toEqual([['info', 'Publishing the app...']]);
    progress.success('Published!');
    expect(shown()).toEqual([['success', 'Published!']]);
    toast.pending('Unpublishing the app...').apiError(new Error('boom'));
    expect(shown()).toEqual([
      ['success', 'Published!'],
      ['error', 'boom'],
    ]);
  });
});

describe('optional search params (the admin app detail’s diffFrom, diffTo, diffAfter, diffLimit)', () => {
  it('keeps text up to its bound, numbers as their text, and drops the rest', () => {
    expect([
      optionalBounded('2.1.0', 100),
      optionalBounded(2, 100),
      optionalBounded('', 100),
      optionalBounded('x'.repeat(101), 100),
      optionalBounded({}, 100),
    ]).toEqual(['2.1.0', '2', undefined, undefined, undefined]);
  });
  it('keeps a whole number in its range, from a number or its digits', () => {
    expect([
      optionalInt(1, 1, 200),
      optionalInt('200', 1, 200),
      optionalInt(0, 1, 200),
      optionalInt('201', 1, 200),
      optionalInt('2.5', 1, 200),
      optionalInt(2.5, 1, 200),
    ]).toEqual([1, 200, undefined, undefined, undefined, undefined]);
  });
});

describe('the search of drawers and dialogs that follow the URL', () => {
  it('reads ?new=1 and one of fixed values, and nothing else', () => {
    expect([1, '1'].map(flagParam)).toEqual([1, 1]);
    expect([0, '0', 'yes', true, undefined, null].map(flagParam)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(oneOfParam(['pricing', 'plan'], 'plan')).toBe('plan');
    expect([['pricing'], 'Plan', '', 1, undefined].map((v) => oneOfParam(['pricing', 'plan'], v))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('opens as a step in the history and closes by replacing it, keeping the scroll', () => {
    expect(dialogStep(true)).toEqual({ replace: false, resetScroll: false });
    expect(dialogStep(false)).toEqual({ replace: true, resetScroll: false });
  });
});
