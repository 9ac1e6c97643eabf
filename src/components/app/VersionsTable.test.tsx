import { render, screen, within } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import { describe, expect, it, vi } from 'vitest';
import { versionActions } from '../../../machines/app-version-lifecycle';
import { VersionsTable } from './VersionsTable';

const version = {
  id: 'v1',
  version: '1.0.0',
  status: 'author-approved',
  createdDate: '2030-01-01T00:00:00.000Z',
  rejectionNote: '',
  reviewedNote: '',
  reviewCitations: [],
} as unknown as Parameters<typeof VersionsTable>[0]['versions'][number];

const table = (actor: 'publisher' | 'staff') =>
  render(
    <Theme>
      <VersionsTable versions={[version]} actor={actor} isBundle={false} available={new Set(versionActions)} busy={false} onAction={vi.fn()} />
    </Theme>,
  );

describe('VersionsTable', () => {
  it('tells the publisher what a status means to them and what their Reject does, beside the spec’s words', () => {
    table('publisher');
    const row = screen.getByRole('row', { name: /1\.0\.0/ });
    expect(within(row).getByText('Author approved')).toBeInTheDocument();
    expect(within(row).getByText('— waiting for review')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(row).getByText('Reject withdraws this version from review.')).toBeInTheDocument();
  });

  it('shows staff the spec’s words alone', () => {
    table('staff');
    const row = screen.getByRole('row', { name: /1\.0\.0/ });
    expect(within(row).getByText('Author approved')).toBeInTheDocument();
    expect(within(row).queryByText('— waiting for review')).toBeNull();
    expect(within(row).queryByText('Reject withdraws this version from review.')).toBeNull();
  });
});
