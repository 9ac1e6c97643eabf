import { Flex, Select, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_EARLIEST, REPORT_TEXT, type ReportGroup } from '../../../contract/schemas/reports-text';
import { Field } from '../../components/Field';
import { appChoicesQuery, publisherChoicesQuery, type Scope } from './api';
import { DEFAULT_GROUP, DEFAULT_PRESET, isDay, PRESETS, type Resolved } from './range';
import type { ReportPreset, ReportsSearch } from './search';
import { reportsText as T } from './text';

/** Radix's Select has no empty value: "All apps" and "All publishers" are this one. */
const ALL = 'all';
const GROUPS: ReportGroup[] = ['day', 'week', 'month'];

/** A change of filters: what to set in the search (undefined: back to the default), the table's page starting over. */
export type FilterChange = Partial<Pick<ReportsSearch, 'range' | 'from' | 'to' | 'group' | 'app' | 'publisher'>>;

/**
 * The report's filters, each in the URL: the range (a preset, or custom days), the grouping, the app and (staff) the
 * publisher. A custom day is taken once it is a whole, real day; a range the contract refuses is said by the screen.
 */
export function Filters({
  scope,
  search,
  resolved,
  onChange,
}: {
  scope: Scope;
  search: ReportsSearch;
  resolved: Resolved;
  onChange: (change: FilterChange, replace?: boolean) => void;
}) {
  const apps = useQuery(appChoicesQuery(scope));
  const publishers = useQuery({ ...publisherChoicesQuery, enabled: scope === 'admin' });
  const appChoices = (apps.data ?? []).filter((a) => !search.publisher || a.publisherId === search.publisher);
  // An app or publisher of the URL the lists do not hold (past their first 100) still shows, by its id, once they have loaded.
  if (apps.data && search.app && !appChoices.some((a) => a.id === search.app)) appChoices.push({ id: search.app, name: search.app, publisherId: '' });
  const publisherChoices = [...(publishers.data ?? [])];
  if (publishers.data && search.publisher && !publisherChoices.some((p) => p.id === search.publisher))
    publisherChoices.push({ id: search.publisher, name: search.publisher });
  const custom = (from: string, to: string) => onChange({ range: undefined, from, to }, true);
  return (
    <Flex gap="3" wrap="wrap" align="start" mb="4" asChild>
      <section aria-label={T.filters}>
        <Field label={REPORT_TEXT.range}>
          {({ id }) => (
            <Select.Root
              value={resolved.preset}
              onValueChange={(v) =>
                v === 'custom'
                  ? custom(resolved.from, resolved.to)
                  : onChange({ range: v === DEFAULT_PRESET ? undefined : (v as ReportPreset), from: undefined, to: undefined })
              }
            >
              <Select.Trigger id={id} />
              <Select.Content position="popper">
                {[...PRESETS, 'custom' as const].map((p) => (
                  <Select.Item key={p} value={p}>
                    {REPORT_TEXT.presets[p]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <DayField label={REPORT_TEXT.from} value={resolved.from} onDay={(from) => custom(from, resolved.to)} />
        <DayField label={REPORT_TEXT.to} value={resolved.to} onDay={(to) => custom(resolved.from, to)} />
        <Field label={REPORT_TEXT.group}>
          {({ id }) => (
            <Select.Root value={resolved.group} onValueChange={(v) => onChange({ group: v === DEFAULT_GROUP ? undefined : (v as ReportGroup) })}>
              <Select.Trigger id={id} />
              <Select.Content position="popper">
                {GROUPS.map((g) => (
                  <Select.Item key={g} value={g}>
                    {REPORT_TEXT.groups[g]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        {scope === 'admin' && (
          <Field label={REPORT_TEXT.publisher}>
            {({ id }) => (
              <Select.Root
                value={search.publisher ?? ALL}
                onValueChange={(v) => {
                  const publisher = v === ALL ? undefined : v;
                  // The app stays only if it is the new publisher's.
                  const app = apps.data?.find((a) => a.id === search.app);
                  onChange({ publisher, ...(publisher && app && app.publisherId !== publisher ? { app: undefined } : {}) });
                }}
              >
                <Select.Trigger id={id} style={{ maxWidth: 240 }} />
                <Select.Content position="popper">
                  <Select.Item value={ALL}>{REPORT_TEXT.allPublishers}</Select.Item>
                  {publisherChoices.map((p) => (
                    <Select.Item key={p.id} value={p.id}>
                      {p.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        )}
        <Field label={REPORT_TEXT.app}>
          {({ id }) => (
            <Select.Root value={search.app ?? ALL} onValueChange={(v) => onChange({ app: v === ALL ? undefined : v })}>
              <Select.Trigger id={id} style={{ maxWidth: 240 }} />
              <Select.Content position="popper">
                <Select.Item value={ALL}>{REPORT_TEXT.allApps}</Select.Item>
                {appChoices.map((a) => (
                  <Select.Item key={a.id} value={a.id}>
                    {a.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
      </section>
    </Flex>
  );
}

/**
 * A day of a custom range. The browser's date field reports a day as its parts are typed (a year typed digit by
 * digit passes through 0002, 0020…): only a whole, real day from REPORT_EARLIEST on is taken; a whole day before
 * it is said to be wrong.
 */
function DayField({ label, value, onDay }: { label: string; value: string; onDay: (day: string) => void }) {
  const [text, setText] = useState(value);
  // The URL's day changed (a preset, the other field, back): the field shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const wrong = /^\d{4}-\d{2}-\d{2}$/.test(text) && text.slice(0, 4) >= '1000' && !isDay(text) ? REPORT_TEXT.badDate : undefined;
  return (
    <Field label={label} error={wrong}>
      {({ id, describedBy, invalid }) => (
        <TextField.Root
          id={id}
          type="date"
          min={REPORT_EARLIEST}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            if (isDay(next) && next !== value) onDay(next);
          }}
        />
      )}
    </Field>
  );
}
