import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { features, isSystemFeature, permissions, publisherFlags, publisherRoles, systemRoles, FEATURE_FLAGS } from '../../contract/access';
import { Access, SYSTEM_DOMAIN, type Subject } from './enforcer';
import { publisherMatrix, systemMatrix } from './policy';

const access = await Access.create();
const subjectArb = fc.record({
  developerId: fc.constantFrom('dev-1', 'dev-2'),
  publisherId: fc.option(fc.constantFrom('pub-a', 'pub-b'), { nil: null }),
  role: fc.constantFrom(...publisherRoles),
  systemRole: fc.constantFrom(...systemRoles),
});
const flagsArb = fc.subarray([...publisherFlags]);

describe('the policy (RBAC with domains)', () => {
  it('a publisher role never answers for another publisher’s domain, whatever the role, feature and flags', async () => {
    await fc.assert(
      fc.asyncProperty(
        subjectArb,
        fc.constantFrom('pub-a', 'pub-b', 'pub-c'),
        flagsArb,
        fc.constantFrom(...features),
        fc.constantFrom(...permissions),
        async (subject: Subject, other, flags, feature, permission) => {
          fc.pre(other !== subject.publisherId);
          expect(await access.allows(subject, { id: other, flags }, feature, permission)).toBe(false);
          expect(await access.holdsRoleIn(subject, { id: other, flags })).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('in its own publisher a role holds as the matrix says, with the flag a feature needs; system roles only in system', async () => {
    await fc.assert(
      fc.asyncProperty(
        subjectArb,
        flagsArb,
        fc.constantFrom(...features),
        fc.constantFrom(...permissions),
        async (subject: Subject, flags, feature, permission) => {
          const system = isSystemFeature(feature);
          const inSystem = await access.allows(subject, SYSTEM_DOMAIN, feature, permission);
          expect(inSystem).toBe(system && (systemMatrix[subject.systemRole as keyof typeof systemMatrix][feature] ?? []).includes(permission));
          if (!subject.publisherId) return;
          const own = await access.allows(subject, { id: subject.publisherId, flags }, feature, permission);
          const flag = system ? undefined : FEATURE_FLAGS[feature as keyof typeof FEATURE_FLAGS];
          const granted = !system && (publisherMatrix[subject.role as keyof typeof publisherMatrix][feature] ?? []).includes(permission);
          expect(own).toBe(granted && (!flag || flags.includes(flag)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('answers one subject’s questions again from what it remembered, and another subject’s apart', async () => {
    const owner: Subject = { developerId: 'dev-1', publisherId: 'pub-a', role: 'owner', systemRole: 'user' };
    const viewer: Subject = { ...owner, role: 'viewer' };
    expect(await access.allows(owner, { id: 'pub-a', flags: [] }, 'app', 'delete')).toBe(true);
    // The same developer with another role (changed meanwhile) is another subject: no stale answer.
    expect(await access.allows(viewer, { id: 'pub-a', flags: [] }, 'app', 'delete')).toBe(false);
    expect(await access.allows(owner, { id: 'pub-a', flags: [] }, 'webhook', 'read')).toBe(false);
    expect(await access.allows(owner, { id: 'pub-a', flags: ['canUseWebhooks'] }, 'webhook', 'read')).toBe(true);
  });
});
