import { newCachedEnforcer, newModelFromString, type Enforcer } from 'casbin';
import { SYSTEM_GROUP, isSystemFeature, type Feature, type Permission } from '../../contract/access';
import { MODEL, policies } from './policy';

export type Subject = { developerId: string; publisherId: string | null; role: string; systemRole: string };

/**
 * The server's casbin enforcer over the one policy. A developer holds one system role and one role in
 * their own publisher; casbin's role manager treats a role as a member of itself, so the check asks
 * for the role that applies in the requested group, read from the database on every request.
 */
export class Access {
  private constructor(private readonly enforcer: Enforcer) {}

  static async create(): Promise<Access> {
    // The policy never changes while the server runs: each decision is computed once and remembered.
    const enforcer = await newCachedEnforcer(newModelFromString(MODEL));
    await enforcer.addPolicies([...policies.system, ...policies.publisher].map(([, ...row]) => row));
    return new Access(enforcer);
  }

  /** Whether `subject` may `permission` on `feature`: system features in `system`, others in their publisher. */
  async can(subject: Subject, feature: Feature, permission: Permission): Promise<boolean> {
    if (isSystemFeature(feature)) return this.enforcer.enforce(subject.systemRole, SYSTEM_GROUP, feature, permission);
    if (!subject.publisherId) return false;
    return this.enforcer.enforce(subject.role, subject.publisherId, feature, permission);
  }
}
