import { vi } from 'vitest';
import type { StepProps } from './StepFooter';

/** The wizard steps' tests: a compiled version as the server answers it (`over` fills in what a test needs). */
export const stepVersion = (over: Record<string, unknown> = {}) => ({
  id: 'v1',
  internalId: 'v1',
  name: 'Standup Helper',
  version: '1.0.0',
  status: 'compiled',
  shortDescription: '',
  description: '',
  categories: [] as string[],
  languages: [] as string[],
  iconFileData: '',
  iconThumbnail: '',
  modifiedDate: '2026-11-01T00:00:00Z',
  createdDate: '2026-11-01T00:00:00Z',
  author: { name: 'N' },
  compiled: true,
  changesNote: '',
  internalChangesNote: '',
  rejectionNote: '',
  reviewedNote: '',
  reviewCitations: [],
  privacyPolicySummary: '',
  documentationUrl: '',
  compileJobId: 'j1',
  isBundle: false,
  packages: { source: true, compiled: true },
  ...over,
});

/** A free app of publisher `p` whose latest version is `latest`. */
export const stepApp = (latest: ReturnType<typeof stepVersion>) => ({
  appId: 'a1',
  isBundle: false,
  purchaseType: 'buy',
  price: 0,
  currentPricingId: 'p0',
  pricingPlans: [],
  isEnterpriseOnly: false,
  isUsageBased: false,
  bundledIn: [],
  publisher: { id: 'p', label: 'N' },
  latest,
});

/** A step's props on app a1, version v1, its callbacks spies. */
export const stepProps = (over: Partial<StepProps> = {}): StepProps => ({
  kind: 'new',
  appId: 'a1',
  versionId: 'v1',
  busy: false,
  isFirst: false,
  isLast: false,
  onBack: vi.fn(),
  onNext: vi.fn(),
  onSubmit: vi.fn(),
  ...over,
});
