import { describe, expect, it } from 'vitest';
import { emptyAdds } from '../../../contract/schemas/runtime';
import { compareRuntime } from './compare';
import { startedReport } from './report-fixture';

describe('comparing what two versions add', () => {
  it('says what one adds and the other removes, kind by kind', () => {
    const from = startedReport({
      adds: {
        ...emptyAdds(),
        slashCommands: [{ command: 'poll', description: '', params: '', providesPreview: false }],
        settings: [{ id: 'token', type: 'string', required: true, public: false, label: '' }],
      },
    });
    const to = startedReport({
      adds: {
        ...emptyAdds(),
        slashCommands: [
          { command: 'poll', description: 'changed', params: '', providesPreview: false },
          { command: 'export', description: '', params: '', providesPreview: false },
        ],
        apiEndpoints: [{ path: 'vote', methods: ['POST'], visibility: 'public', security: 'unsecure', url: '/api/apps/public/:appId/vote' }],
      },
      http: [{ method: 'GET', url: 'https://api.example.com/x' }],
    });
    expect(compareRuntime(from, to)).toEqual([
      'adds slash command `/export`',
      'removes setting `token`',
      'adds API endpoint `POST vote`',
      'now tries to reach api.example.com while starting',
    ]);
  });

  it('says when a version stops (or starts) starting, and nothing when either was not started', () => {
    expect(compareRuntime(startedReport(), startedReport({ outcome: 'failed' }))).toEqual(['no longer starts in Apps-Engine']);
    expect(compareRuntime(startedReport({ outcome: 'timeout' }), startedReport())).toEqual(['now starts in Apps-Engine']);
    expect(compareRuntime(null, startedReport())).toEqual([]);
    expect(compareRuntime(startedReport(), startedReport())).toEqual([]);
  });
});
