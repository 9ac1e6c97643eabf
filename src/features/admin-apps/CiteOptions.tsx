import { Cross2Icon } from '@radix-ui/react-icons';
import { Badge, Checkbox, Flex, IconButton, Spinner, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { MAX_CITATIONS } from '../../../contract/schemas/app';
import type { Citation, Finding } from '../../../contract/schemas/review';
import { blockingFirst, reviewText } from '../../components/app/Findings';
import { errorToastText } from '../../lib/toast';
import { adminFindingsQuery } from './api';
import { citedLines, citedLineText, lineCitation, parseCite, type CitedLine } from './cite';
import { citeText } from './strings';

/** A group of checkboxes or chips with its legend (a fieldset). */
function CiteGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="2" asChild>
      <fieldset style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }}>
        <Text as="div" size="2" weight="medium" asChild>
          <legend>{legend}</legend>
        </Text>
        {children}
      </fieldset>
    </Flex>
  );
}

const findingKey = (f: Finding) => JSON.stringify([f.check, f.reason, f.file ?? '', f.line ?? '']);
const findingCitation = (f: Finding): Citation => ({ kind: 'finding', check: f.check, reason: f.reason, file: f.file, line: f.line });

/** What Reject or Review asks of the options when confirmed: the citations, or null when there are too many (then said). */
export type CiteHandle = { collect: () => Citation[] | null };

/**
 * The citations of a Reject or Review note (docs/packages-and-review.md, Review notes), inside its dialog: any finding of the version's publish checks
 * (checkboxes), and the diff lines the reviewer picked by their numbers in the changes (the address's `cite`, shown as
 * chips to remove). The publisher sees them beside the note; each line goes with its text, from the diff. The dialog
 * asks for them through `ref` when confirmed.
 */
export function CiteOptions({
  ref,
  appId,
  versionId,
  cite,
  onCite,
}: {
  ref: Ref<CiteHandle>;
  appId: string;
  versionId: string;
  /** The lines picked, as the address has them (./cite.ts reads them). */
  cite: unknown;
  /** Changes the lines picked (removing a chip). */
  onCite: (next: string[] | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const findings = useQuery(adminFindingsQuery(appId, versionId));
  const [chosen, setChosen] = useState<string[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const picked = citedLines(cite) ?? [];
  const lines = picked.flatMap((key) => {
    const c = parseCite(key);
    return c ? [{ key, ...c }] : [];
  });
  const all = findings.data ? blockingFirst(findings.data.findings) : [];
  const cited = all.filter((f) => chosen.includes(findingKey(f)));
  useImperativeHandle(ref, () => ({
    collect: () => {
      if (cited.length + lines.length > MAX_CITATIONS) {
        setTooMany(true);
        return null;
      }
      return [
        ...cited.map(findingCitation),
        ...lines.map(({ key: _key, ...c }: CitedLine & { key: string }) => lineCitation(c, citedLineText(queryClient, appId, c))),
      ];
    },
  }));

  return (
    <Flex direction="column" gap="4" mt="4">
      <CiteGroup legend={citeText.findings}>
        {findings.error && !findings.data ? (
          <Text size="2" color="red">
            {errorToastText(findings.error)}
          </Text>
        ) : !findings.data ? (
          <Flex align="center" gap="2" role="status">
            <Spinner />
            <Text size="2" color="gray">
              {reviewText.loading}
            </Text>
          </Flex>
        ) : all.length === 0 ? (
          <Text size="2" color="gray">
            {findings.data.checkedAt === null ? reviewText.notChecked : reviewText.none}
          </Text>
        ) : (
          all.map((f) => {
            const k = findingKey(f);
            return (
              <Text as="label" size="2" key={k}>
                <Flex gap="2" align="start">
                  <Checkbox
                    mt="1"
                    checked={chosen.includes(k)}
                    onCheckedChange={(on) => {
                      setTooMany(false);
                      setChosen((list) => (on === true ? [...list.filter((x) => x !== k), k] : list.filter((x) => x !== k)));
                    }}
                  />
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {reviewText.blocked(f)}
                    {f.file && ` (${reviewText.place(f.file, f.line)})`}
                  </span>
                </Flex>
              </Text>
            );
          })
        )}
      </CiteGroup>
      <CiteGroup legend={citeText.lines}>
        {lines.length === 0 ? (
          <Text size="2" color="gray">
            {citeText.noLines}
          </Text>
        ) : (
          <Flex asChild gap="2" wrap="wrap" m="0" p="0" style={{ listStyle: 'none' }}>
            <ul aria-label={citeText.linesList}>
              {lines.map((c) => (
                <li key={c.key} style={{ minWidth: 0, maxWidth: '100%' }}>
                  <Badge size="2" color="gray" highContrast style={{ maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    {reviewText.line(c)}
                    <IconButton
                      type="button"
                      size="1"
                      variant="ghost"
                      color="gray"
                      highContrast
                      aria-label={citeText.remove(reviewText.line(c))}
                      onClick={() => {
                        setTooMany(false);
                        const rest = picked.filter((k) => k !== c.key);
                        onCite(rest.length ? rest : undefined);
                      }}
                    >
                      <Cross2Icon aria-hidden />
                    </IconButton>
                  </Badge>
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </CiteGroup>
      {tooMany && (
        <Text size="1" color="red" role="alert">
          {citeText.tooMany(MAX_CITATIONS)}
        </Text>
      )}
    </Flex>
  );
}
