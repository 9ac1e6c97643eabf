import type { PublisherRole, SystemRole } from '../../../contract/access';
import type { VersionStatus } from '../../../contract/schemas/app';

/** The demo world: realistic publishers, their developers, staff in every system role, apps in every status. */
export type DemoUser = {
  key: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  publisher?: string;
  /** The cloud account (a publisher's key) of someone not in a publisher yet; else their publisher's. */
  account?: string;
  role?: PublisherRole;
  systemRole?: SystemRole;
};

export const demoPublishers = [
  {
    key: 'northwind',
    id: '6560a1f0c0ffee0000000001',
    name: 'Northwind Integrations',
    city: 'Portland',
    state: 'Oregon',
    country: 'US',
    paid: true,
    bundles: true,
    npm: true,
    webhooks: true,
    registered: true,
    stripe: 'acct_1NwNorthwind',
    available: 1843.2,
    pending: 312.75,
  },
  {
    key: 'fjord',
    id: '6560a1f0c0ffee0000000002',
    name: 'Fjord Labs',
    city: 'Bergen',
    state: 'Vestland',
    country: 'NO',
    paid: false,
    bundles: false,
    npm: false,
    webhooks: false,
    registered: true,
    stripe: '',
    available: 0,
    pending: 0,
  },
  {
    key: 'cedar',
    id: '6560a1f0c0ffee0000000003',
    name: 'Cedar & Pine Software',
    city: 'Lagos',
    state: 'Lagos',
    country: 'NG',
    paid: true,
    bundles: false,
    npm: false,
    webhooks: false,
    registered: true,
    stripe: 'acct_1NwCedarPine',
    available: 96.4,
    pending: 12,
  },
  {
    key: 'harbor',
    id: '6560a1f0c0ffee0000000004',
    name: 'Harbor Analytics',
    city: 'Valparaíso',
    state: 'Valparaíso',
    country: 'CL',
    paid: false,
    bundles: false,
    npm: false,
    webhooks: false,
    registered: false,
    stripe: '',
    available: 0,
    pending: 0,
  },
  {
    key: 'staff',
    id: '6560a1f0c0ffee0000000005',
    name: 'Marketplace Team',
    city: 'Porto Alegre',
    state: 'Rio Grande do Sul',
    country: 'BR',
    paid: true,
    bundles: true,
    npm: true,
    webhooks: true,
    registered: true,
    stripe: '',
    available: 0,
    pending: 0,
  },
] as const;

const u = (key: string, n: number, firstName: string, lastName: string, email: string, rest: Partial<DemoUser> = {}): DemoUser => ({
  key,
  id: `6560b2f0c0ffee00000000${String(n).padStart(2, '0')}`,
  firstName,
  lastName,
  email,
  ...rest,
});

export const demoUsers = {
  owner: u('owner', 1, 'Olivia', 'Bennett', 'olivia.bennett@northwind.example', { publisher: 'northwind', role: 'owner' }),
  developer: u('developer', 2, 'Marcus', 'Chen', 'marcus.chen@northwind.example', { publisher: 'northwind', role: 'developer' }),
  viewer: u('viewer', 3, 'Priya', 'Raman', 'priya.raman@northwind.example', { publisher: 'northwind', role: 'viewer' }),
  fjordOwner: u('fjordOwner', 4, 'Lars', 'Eriksen', 'lars@fjordlabs.example', { publisher: 'fjord', role: 'owner' }),
  cedarOwner: u('cedarOwner', 5, 'Amara', 'Okafor', 'amara@cedarpine.example', { publisher: 'cedar', role: 'owner' }),
  unregistered: u('unregistered', 6, 'Tomás', 'Alvarez', 'tomas@harbor-analytics.example', { publisher: 'harbor', role: 'owner' }),
  admin: u('admin', 7, 'Sofia', 'Rossi', 'sofia.rossi@marketplace.example', { publisher: 'staff', role: 'owner', systemRole: 'admin' }),
  reviewer: u('reviewer', 8, 'Daniel', 'Kim', 'daniel.kim@marketplace.example', { publisher: 'staff', role: 'developer', systemRole: 'reviewer' }),
  support: u('support', 9, 'Hannah', 'Weber', 'hannah.weber@marketplace.example', { publisher: 'staff', role: 'viewer', systemRole: 'support' }),
  staffViewer: u('staffViewer', 10, 'Kenji', 'Watanabe', 'kenji.watanabe@marketplace.example', { publisher: 'staff', role: 'viewer', systemRole: 'viewer' }),
  /** Staff without a publisher account: a system role only (reaches the admin console, not publisher screens). */
  staffOnly: u('staffOnly', 13, 'Ines', 'Moreau', 'ines.moreau@marketplace.example', { systemRole: 'reviewer', account: 'staff' }),
  /** Cloud users with no developer account yet: they sign up, or get added by an owner. */
  newcomer: u('newcomer', 11, 'Elena', 'Petrova', 'elena.petrova@example.com', { account: 'fjord' }),
  candidate: u('candidate', 12, 'Noah', 'Williams', 'noah.williams@example.com', { account: 'northwind' }),
} satisfies Record<string, DemoUser>;

export const demoCategories = ['Analytics', 'Communication', 'Customer Support', 'Developer Tools', 'Enterprise', 'Integrations', 'Productivity', 'Social'];

type DemoApp = {
  name: string;
  publisher: (typeof demoPublishers)[number]['key'];
  categories: string[];
  pricing: 'free' | 'buy' | 'subscription';
  versions: [string, VersionStatus][];
  short: string;
  color: string;
};

export const demoApps: DemoApp[] = [
  {
    name: 'Jira Connector',
    publisher: 'northwind',
    categories: ['Integrations', 'Developer Tools'],
    pricing: 'buy',
    versions: [
      ['1.0.0', 'published'],
      ['1.1.0', 'author-approved'],
    ],
    short: 'Create and track Jira issues from chat',
    color: '#2684ff',
  },
  {
    name: 'Standup Bot',
    publisher: 'northwind',
    categories: ['Productivity'],
    pricing: 'subscription',
    versions: [['2.0.0', 'published']],
    short: 'Async daily standups for your team',
    color: '#30a46c',
  },
  {
    name: 'Poll Master',
    publisher: 'northwind',
    categories: ['Communication'],
    pricing: 'free',
    versions: [['0.9.0', 'compiler-error']],
    short: 'Quick polls with live results in rooms',
    color: '#e54d2e',
  },
  {
    name: 'Translate Bridge',
    publisher: 'northwind',
    categories: ['Communication'],
    pricing: 'free',
    versions: [['1.2.0', 'compiled']],
    short: 'Translate messages between 40 languages',
    color: '#8e4ec6',
  },
  {
    name: 'Calendar Sync',
    publisher: 'northwind',
    categories: ['Productivity'],
    pricing: 'buy',
    versions: [['1.0.0', 'approved']],
    short: 'Meeting reminders from your calendars',
    color: '#0090ff',
  },
  {
    name: 'Weather Now',
    publisher: 'northwind',
    categories: ['Social'],
    pricing: 'free',
    versions: [['0.1.0', 'draft']],
    short: 'Forecasts for any city with /weather',
    color: '#ffc53d',
  },
  {
    name: 'GitLab Notifier',
    publisher: 'fjord',
    categories: ['Developer Tools'],
    pricing: 'free',
    versions: [['1.0.0', 'reviewed']],
    short: 'Merge requests and pipelines in rooms',
    color: '#fc6d26',
  },
  {
    name: 'Meeting Notes AI',
    publisher: 'fjord',
    categories: ['Productivity'],
    pricing: 'free',
    versions: [['1.0.0', 'compiled']],
    short: 'Summaries of long threads and meetings',
    color: '#12a594',
  },
  {
    name: 'Kanban Board',
    publisher: 'fjord',
    categories: ['Productivity'],
    pricing: 'free',
    versions: [['1.0.0', 'submitted']],
    short: 'Lightweight boards inside your rooms',
    color: '#3e63dd',
  },
  {
    name: 'Zendesk Helpdesk',
    publisher: 'cedar',
    categories: ['Customer Support'],
    pricing: 'subscription',
    versions: [['3.1.0', 'rejected']],
    short: 'Turn chat conversations into tickets',
    color: '#03363d',
  },
  {
    name: 'Giphy Reactions',
    publisher: 'cedar',
    categories: ['Social'],
    pricing: 'free',
    versions: [['1.4.0', 'unpublished']],
    short: 'Search and share GIFs in any room',
    color: '#d6409f',
  },
  {
    name: 'Retro Board',
    publisher: 'cedar',
    categories: ['Productivity'],
    pricing: 'buy',
    versions: [['1.0.0', 'author-rejected']],
    short: 'Sprint retrospectives with votes',
    color: '#ad7f58',
  },
];

/** Bundles in the statuses staff act on, with a flat and a per-seat plan between them. */
export const demoMoreBundles = [
  {
    name: 'Northwind Meeting Kit',
    status: 'submitted',
    purchaseType: 'buy' as const,
    price: 9.99,
    color: '#0090ff',
    short: 'Calendars and translation for meetings',
    apps: ['Calendar Sync', 'Translate Bridge'],
    plans: [],
  },
  {
    name: 'Northwind Team Essentials',
    status: 'approved',
    purchaseType: 'subscription' as const,
    price: 0,
    color: '#30a46c',
    short: 'Standups and polls for every team',
    apps: ['Standup Bot', 'Poll Master'],
    plans: [
      {
        strategy: 'monthly' as const,
        trialDays: 7,
        price: 0,
        isPerSeat: true,
        tiers: [
          { price: 5, perUnit: true, minimum: 1, maximum: 50 },
          { price: 4, perUnit: true, minimum: 51, maximum: 150 },
        ],
      },
      { strategy: 'yearly' as const, trialDays: 14, price: 480, isPerSeat: false, tiers: [] },
    ],
  },
  {
    name: 'Northwind Chat Extras',
    status: 'rejected',
    purchaseType: 'subscription' as const,
    price: 0,
    color: '#e54d2e',
    short: 'Polls and translation, monthly',
    apps: ['Poll Master', 'Translate Bridge'],
    plans: [{ strategy: 'monthly' as const, trialDays: 14, price: 6, isPerSeat: false, tiers: [] }],
  },
];

export const demoBundle = {
  name: 'Northwind Productivity Pack',
  publisher: 'northwind' as const,
  apps: ['Jira Connector', 'Standup Bot', 'Calendar Sync'],
  color: '#6e56cf',
};
