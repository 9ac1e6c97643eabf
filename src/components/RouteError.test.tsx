import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../tests/render';
import { ApiError } from '../lib/api';
import { RouteError } from './RouteError';

const notFound = { title: 'This app does not exist', text: 'There is no app with this id.', back: '/publisher/apps' as const, backLabel: 'Back to Apps' };

describe('a screen’s error state', () => {
  it('is a not-found page leading back to the list for a 404, without a useless Try again', async () => {
    await renderScreen(() => (
      <RouteError
        error={new ApiError(404, { error: 'App not found.', code: 'not_found', requestId: 'r1' })}
        reset={vi.fn()}
        info={undefined}
        notFound={notFound}
      />
    ));
    expect(await screen.findByRole('heading', { name: 'This app does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Apps' })).toHaveAttribute('href', '/publisher/apps');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('Sorry, something went wrong.')).toBeNull();
  });

  it('can be retried for any other failure', async () => {
    await renderScreen(() => (
      <RouteError error={new ApiError(503, { error: 'Down.', code: 'x', requestId: 'r2' })} reset={vi.fn()} info={undefined} notFound={notFound} />
    ));
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
