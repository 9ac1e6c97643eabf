import { normalizeIssuer } from '../../config';

/** What a trust policy names (a row of `trust_policies`, as far as matching goes). */
export type PolicyTerms = { issuer: string; repository: string; workflow: string; environment: string | null; ref: string | null };

/** The claims of a CI identity token that trusted publishing reads (GitHub Actions' names). */
export type CiClaims = {
  iss: string;
  /** "owner/name" */
  repository: string;
  /** The workflow the run started: "owner/name/.github/workflows/<file>@<ref>". */
  workflow_ref: string;
  /** The git ref the run is for: "refs/heads/main", "refs/tags/v1.2.0" … */
  ref?: string;
  /** The deployment environment of the job, when it names one. */
  environment?: string;
  /** For the activity log: who started the run, which run, at which commit. */
  actor?: string;
  run_id?: string;
  sha?: string;
};

/** A workflow ref's parts: the repository it lives in, its file under .github/workflows, and the ref it was read at. */
export function parseWorkflowRef(workflowRef: string): { repository: string; file: string; ref: string } | null {
  const m = /^([^/@]+\/[^/@]+)\/\.github\/workflows\/([^/@]+)@(.+)$/.exec(workflowRef);
  return m ? { repository: m[1]!, file: m[2]!, ref: m[3]! } : null;
}

/** GitHub treats owner and repository names (and environment names) case-insensitively; files and refs are exact. */
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether a verified token's claims are the workflow a policy trusts: the same issuer and repository, the
 * policy's workflow file as the run's top-level workflow (`workflow_ref`) in that same repository, and —
 * where the policy names them — the same environment and ref.
 *
 * `workflow_ref`, not `job_workflow_ref`: the policy names a file of the repository itself, and the run's own
 * workflow always is one. `job_workflow_ref` names a reusable workflow when the job calls one, which may live
 * in any repository; a job of the trusted workflow that calls one is still that workflow's job.
 */
export function matchesPolicy(policy: PolicyTerms, claims: CiClaims): boolean {
  if (normalizeIssuer(policy.issuer) !== normalizeIssuer(claims.iss)) return false;
  if (!sameName(policy.repository, claims.repository)) return false;
  const workflow = parseWorkflowRef(claims.workflow_ref);
  if (!workflow || !sameName(workflow.repository, claims.repository) || workflow.file !== policy.workflow) return false;
  if (policy.environment !== null && (claims.environment === undefined || !sameName(policy.environment, claims.environment))) return false;
  if (policy.ref !== null && policy.ref !== claims.ref) return false;
  return true;
}

/** The claims trusted publishing needs, from a verified payload (null when one is missing or not text). */
export function ciClaimsOf(payload: Record<string, unknown>): CiClaims | null {
  const text = (k: string) => (typeof payload[k] === 'string' && payload[k] !== '' ? (payload[k] as string) : undefined);
  const iss = text('iss');
  const repository = text('repository');
  const workflowRef = text('workflow_ref');
  if (!iss || !repository || !workflowRef) return null;
  return {
    iss,
    repository,
    workflow_ref: workflowRef,
    ref: text('ref'),
    environment: text('environment'),
    actor: text('actor'),
    run_id: text('run_id'),
    sha: text('sha'),
  };
}
