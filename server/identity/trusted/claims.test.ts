import { describe, expect, it } from 'vitest';
import { GITHUB_ACTIONS_ISSUER } from '../../../contract/schemas/tokens';
import { ciClaimsOf, matchesPolicy, parseWorkflowRef, type CiClaims, type PolicyTerms } from './claims';

const policy: PolicyTerms = { issuer: GITHUB_ACTIONS_ISSUER, repository: 'Northwind/standup-bot', workflow: 'release.yml', environment: null, ref: null };
const claims: CiClaims = {
  iss: GITHUB_ACTIONS_ISSUER,
  repository: 'northwind/standup-bot',
  workflow_ref: 'northwind/standup-bot/.github/workflows/release.yml@refs/heads/main',
  ref: 'refs/heads/main',
  environment: 'release',
};

describe('parseWorkflowRef', () => {
  it('splits a workflow ref into its repository, file and ref', () => {
    expect(parseWorkflowRef('octo/app/.github/workflows/release.yml@refs/tags/v1.0.0')).toEqual({
      repository: 'octo/app',
      file: 'release.yml',
      ref: 'refs/tags/v1.0.0',
    });
    expect(parseWorkflowRef('octo/app/.github/workflows/ci.yaml@refs/pull/3/merge')).toEqual({
      repository: 'octo/app',
      file: 'ci.yaml',
      ref: 'refs/pull/3/merge',
    });
  });

  it('refuses what is not one: no ref, another folder, a file in a sub-folder', () => {
    expect(parseWorkflowRef('octo/app/.github/workflows/release.yml')).toBeNull();
    expect(parseWorkflowRef('octo/app/workflows/release.yml@refs/heads/main')).toBeNull();
    expect(parseWorkflowRef('octo/app/.github/workflows/sub/release.yml@refs/heads/main')).toBeNull();
    expect(parseWorkflowRef('octo/.github/workflows/release.yml@refs/heads/main')).toBeNull();
  });
});

describe('matchesPolicy', () => {
  it('matches the policy’s repository (in any case, as GitHub names it) and workflow file', () => {
    expect(matchesPolicy(policy, claims)).toBe(true);
    expect(matchesPolicy({ ...policy, issuer: `${GITHUB_ACTIONS_ISSUER}/` }, claims)).toBe(true);
  });

  it('refuses another issuer, repository or workflow file (files are case-sensitive)', () => {
    expect(matchesPolicy({ ...policy, issuer: 'https://gitlab.example.com' }, claims)).toBe(false);
    expect(
      matchesPolicy(policy, { ...claims, repository: 'northwind/other', workflow_ref: 'northwind/other/.github/workflows/release.yml@refs/heads/main' }),
    ).toBe(false);
    expect(matchesPolicy({ ...policy, workflow: 'ci.yml' }, claims)).toBe(false);
    expect(matchesPolicy({ ...policy, workflow: 'Release.yml' }, claims)).toBe(false);
  });

  it('reads the workflow of the repository itself: a workflow ref of another repository (or none parseable) never matches', () => {
    expect(matchesPolicy(policy, { ...claims, workflow_ref: 'evil/standup-bot/.github/workflows/release.yml@refs/heads/main' })).toBe(false);
    expect(matchesPolicy(policy, { ...claims, workflow_ref: 'northwind/standup-bot-fork/.github/workflows/release.yml@refs/heads/main' })).toBe(false);
    expect(matchesPolicy(policy, { ...claims, workflow_ref: 'release.yml' })).toBe(false);
  });

  it('needs the environment when the policy names one (names compare in any case); any when it names none', () => {
    expect(matchesPolicy({ ...policy, environment: 'Release' }, claims)).toBe(true);
    expect(matchesPolicy({ ...policy, environment: 'production' }, claims)).toBe(false);
    expect(matchesPolicy({ ...policy, environment: 'release' }, { ...claims, environment: undefined })).toBe(false);
    expect(matchesPolicy(policy, { ...claims, environment: undefined })).toBe(true);
  });

  it('needs exactly the ref when the policy names one', () => {
    expect(matchesPolicy({ ...policy, ref: 'refs/heads/main' }, claims)).toBe(true);
    expect(matchesPolicy({ ...policy, ref: 'refs/heads/main' }, { ...claims, ref: 'refs/heads/feature' })).toBe(false);
    expect(matchesPolicy({ ...policy, ref: 'refs/heads/main' }, { ...claims, ref: undefined })).toBe(false);
    expect(matchesPolicy({ ...policy, ref: 'refs/tags/v1' }, { ...claims, ref: 'refs/tags/V1' })).toBe(false);
  });
});

describe('ciClaimsOf', () => {
  it('takes the claims trusted publishing reads, and refuses a payload without repository or workflow_ref', () => {
    const payload = {
      iss: GITHUB_ACTIONS_ISSUER,
      repository: 'a/b',
      workflow_ref: 'a/b/.github/workflows/r.yml@refs/heads/main',
      ref: 'refs/heads/main',
      run_id: '42',
      extra: 1,
    };
    expect(ciClaimsOf(payload)).toEqual({
      iss: GITHUB_ACTIONS_ISSUER,
      repository: 'a/b',
      workflow_ref: payload.workflow_ref,
      ref: 'refs/heads/main',
      environment: undefined,
      actor: undefined,
      run_id: '42',
      sha: undefined,
    });
    expect(ciClaimsOf({ ...payload, repository: undefined })).toBeNull();
    expect(ciClaimsOf({ ...payload, workflow_ref: 42 })).toBeNull();
    expect(ciClaimsOf({ ...payload, environment: ['x'] })?.environment).toBeUndefined();
  });
});
