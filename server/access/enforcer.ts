import { newEnforcer, newModelFromString, type Enforcer } from 'casbin';
import { LRUCache } from 'lru-cache';
import { FEATURE_FLAGS, SYSTEM_GROUP, isSystemFeature, type Feature, type Permission, type PublisherFlag } from '../../contract/access';
import { MODEL, policies } from './policy';

export type Subject = { developerId: string; publisherId: string | null; role: string; systemRole: string };
/** Where a decision is asked: `system`, or a publisher (with its flags, SPEC §6). */
export type Domain = { id: string; flags: readonly PublisherFlag[] };
export const SYSTEM_DOMAIN: Domain = { id: SYSTEM_GROUP, flags: [] };

const policyRows = [...policies.system, ...policies.publisher].map(([, ...row]) => row);

/**
 * The server's casbin enforcer over the one policy: RBAC with domains (server/access/policy.ts). Each subject
 * gets an enforcer of the policy and its own grouping rows — its system role in `system`, its publisher role
 * in its own publisher's domain only, that publisher's flags — built once and remembered with its decisions
 * (the policy never changes while the server runs; a changed role or flag is another subject).
 */
export class Access {
  private readonly subjects = new LRUCache<string, { enforcer: Promise<Enforcer>; decisions: Map<string, boolean> }>({ max: 5000 });

  static async create(): Promise<Access> {
    return new Access();
  }

  private async enforcerOf(subject: Subject, flags: readonly PublisherFlag[]) {
    const key = `${subject.developerId}|${subject.systemRole}|${subject.publisherId ?? ''}|${subject.role}|${[...flags].sort().join(',')}`;
    let entry = this.subjects.get(key);
    if (!entry) {
      const build = async () => {
        const enforcer = await newEnforcer(newModelFromString(MODEL));
        await enforcer.addPolicies(policyRows);
        const roles = [[subject.developerId, subject.systemRole, SYSTEM_GROUP]];
        if (subject.publisherId) roles.push([subject.developerId, subject.role, subject.publisherId]);
        await enforcer.addGroupingPolicies(roles);
        if (subject.publisherId && flags.length)
          await enforcer.addNamedGroupingPolicies(
            'g2',
            flags.map((f) => [subject.publisherId!, f]),
          );
        return enforcer;
      };
      entry = { enforcer: build(), decisions: new Map() };
      this.subjects.set(key, entry);
    }
    return entry;
  }

  /**
   * Whether `subject` may `permission` on `feature` in `domain`. The domain's flags count only where the
   * subject holds a publisher role (its own publisher): anywhere else no publisher row can apply.
   */
  async allows(subject: Subject, domain: Domain, feature: Feature, permission: Permission): Promise<boolean> {
    const own = domain.id === subject.publisherId ? domain.flags : [];
    const entry = await this.enforcerOf(subject, own);
    const question = `${domain.id}|${feature}|${permission}`;
    let answer = entry.decisions.get(question);
    if (answer === undefined) {
      answer = await (await entry.enforcer).enforce(subject.developerId, domain.id, feature, permission);
      entry.decisions.set(question, answer);
    }
    return answer;
  }

  /** Whether `subject` holds any role in `domain` (every developer holds one in `system`). */
  async holdsRoleIn(subject: Subject, domain: Domain): Promise<boolean> {
    const entry = await this.enforcerOf(subject, []);
    return (await (await entry.enforcer).getRolesForUserInDomain(subject.developerId, domain.id)).length > 0;
  }

  /** Where a feature is decided when no row names the domain: `system`, or the subject's own publisher. */
  static homeDomain(subject: Subject, feature: Feature, flags: readonly PublisherFlag[] = []): Domain | null {
    if (isSystemFeature(feature)) return SYSTEM_DOMAIN;
    return subject.publisherId ? { id: subject.publisherId, flags } : null;
  }

  /** The flag `feature` needs in its publisher (none for most). */
  static flagOf(feature: Feature): PublisherFlag | undefined {
    return isSystemFeature(feature) ? undefined : FEATURE_FLAGS[feature];
  }
}
