import { describe, expect, it } from 'vitest';
import { renderText } from '../../contract/common';
import { bearerToken } from '../../machines/auth';
import { ApiError } from './api';
import { pageSizeFor } from './page-size';
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
    expect(shown()).toEqual([['success', 'Published!'], ['error', 'boom']]);
  });
});
