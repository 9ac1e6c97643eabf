import { describe, expect, it } from 'vitest';
import { newRecorder } from './bridges';
import { describeAdds, MAX_ITEMS, MAX_TEXT } from './registrations';

describe('what a started app registered, as the report keeps it', () => {
  it('bounds an app’s own words and how many of each kind are kept', async () => {
    const rec = newRecorder();
    for (let i = 0; i < MAX_ITEMS + 50; i++) rec.commands.push({ command: `c${i}`, i18nDescription: 'x'.repeat(10_000) });
    const settings = Object.fromEntries(Array.from({ length: MAX_ITEMS + 5 }, (_, i) => [`s${i}`, { id: `s${i}`.padEnd(5000, 'y'), type: 'string' }]));
    const app = { getID: () => 'app1', getStorageItem: () => ({ settings, implemented: { IPostMessageSent: true, IPreMessageSentPrevent: false } }) };
    const adds = await describeAdds({}, app, rec);
    expect(adds.slashCommands).toHaveLength(MAX_ITEMS);
    expect(adds.slashCommands[0]).toEqual({ command: 'c0', description: 'x'.repeat(MAX_TEXT), params: '', providesPreview: false });
    expect(adds.settings).toHaveLength(MAX_ITEMS);
    expect(adds.settings[0]!.id).toHaveLength(MAX_TEXT);
    expect(adds.events).toEqual(['IPostMessageSent']);
  });
});
