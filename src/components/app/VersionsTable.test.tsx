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

  it('offers nothing the one rule holds back, and says why: a blocked version is revised, not submitted', () => {
    const blocked = {
      ...version,
      status: 'compiled',
      facts: { blockedBy: 'Secrets in the package: remove keys/app.pem.', incomplete: null, unlisted: null },
    } as typeof version;
    render(
      <Theme>
        <VersionsTable versions={[blocked]} actor="publisher" isBundle={false} available={new Set(versionActions)} busy={false} onAction={vi.fn()} />
      </Theme>,
    );
    const row = screen.getByRole('row', { name: /1\.0\.0/ });
    expect(within(row).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Upload Revision' })).toBeInTheDocument();
    expect(within(row).getByText('Submit for review waits — Secrets in the package: remove keys/app.pem.')).toBeInTheDocument();
  });

  it('offers staff no Approve, Review or Reject on a never-submitted blocked version, nor Approve of a paid app nobody can pay for', () => {
    const blocked = { ...version, status: 'compiled', facts: { blockedBy: 'Secrets in the package.', incomplete: null, unlisted: null } } as typeof version;
    const { unmount } = render(
      <Theme>
        <VersionsTable versions={[blocked]} actor="staff" isBundle={false} available={new Set(versionActions)} busy={false} onAction={vi.fn()} />
      </Theme>,
    );
    let row = screen.getByRole('row', { name: /1\.0\.0/ });
    for (const name of ['Approve', 'Review', 'Reject']) expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(within(row).getByText('Review, Approve and Reject wait — Secrets in the package.')).toBeInTheDocument();
    unmount();
    render(
      <Theme>
        <VersionsTable
          versions={[version]}
          actor="staff"
          isBundle={false}
          available={new Set(versionActions)}
          busy={false}
          onAction={vi.fn()}
          cannotSell="No payout account."
        />
      </Theme>,
    );
    row = screen.getByRole('row', { name: /1\.0\.0/ });
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Review' })).toBeInTheDocument();
    expect(within(row).getByText('Approve waits — No payout account.')).toBeInTheDocument();
  });
});
