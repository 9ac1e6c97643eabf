import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_form.js': { file: 'assets/form-1.js', imports: ['_framework.js'] },
  'src/routes/publisher.info.tsx?tsr-split=component': { file: 'assets/info-1.js', imports: ['_form.js', '_framework.js'] },
  'src/routes/publisher.apps.index.tsx?tsr-split=component': { file: 'assets/apps-1.js' },
  'src/routes/publisher.apps.$id.tsx?tsr-split=component': { file: 'assets/app-1.js' },
  'src/routes/publisher.admin.tsx?tsr-split=component': { file: 'assets/admin-1.js' },
  'src/routes/publisher.admin.jobs.tsx?tsr-split=component': { file: 'assets/jobs-1.js' },
  'src/routes/publisher.admin.purchases.{-$purchaseId}.tsx?tsr-split=component': { file: 'assets/purchases-1.js' },
  'src/routes/publisher.apps.$id.tsx?tsr-split=errorComponent': { file: 'assets/app-error-1.js' },
};

describe('routePreloads', () => {
  const preloads = routePreloads(manifest);
  it("names a screen's chunks and what they import beyond the entry", () => {
    expect(preloads('/publisher/info')).toEqual(['/assets/form-1.js', '/assets/info-1.js']);
  });
  it('tells an index route from a parameter route, and leaves out error components', () => {
    expect(preloads('/publisher/apps')).toEqual(['/assets/apps-1.js']);
    expect(preloads('/publisher/apps/42?tab=x')).toEqual(['/assets/app-1.js']);
  });
  it("adds the layouts' chunks, and matches an optional last segment with or without it", () => {
    expect(preloads('/publisher/admin/jobs')).toEqual(['/assets/admin-1.js', '/assets/jobs-1.js']);
    expect(preloads('/publisher/admin/purchases')).toEqual(['/assets/admin-1.js', '/assets/purchases-1.js']);
    expect(preloads('/publisher/admin/purchases/p1')).toEqual(['/assets/admin-1.js', '/assets/purchases-1.js']);
  });
  it('names nothing for an address no route answers', () => {
    expect(preloads('/nowhere/at/all')).toEqual([]);
  });
});
