import { Button, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FeaturedInput, featuredSlugs } from '../../../contract/schemas/catalog';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { tsr, unwrap } from '../../lib/api';
import { DEFAULT_DEBOUNCE_MS } from '../../lib/page-size';
import { firstMessages } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { featureCandidatesQuery, featuredQuery } from './api';
import { featuredText } from './strings';

type Form = { appId: string; sectionSlug: (typeof featuredSlugs)[number] };

/** 'Mark App As Featured' (width 350): a published app (found by name) and one of the twelve section slugs. */
export function MarkFeaturedDrawer({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEFAULT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const candidates = useQuery(featureCandidatesQuery(q));
  const make = useMutation({
    mutationFn: async (body: Form) => unwrap(await tsr.admin.featured.create.mutate({ body })),
    onSuccess: (sections) => {
      queryClient.setQueryData(featuredQuery.queryKey, sections);
      toast.success(featuredText.made);
      onClose();
    },
    onError: () => toast.error(featuredText.makeFailed),
  });
  // Two selects: plain state, checked by the contract's own schema on Save (the server checks it again).
  const [values, setValues] = useState<Partial<Form>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (next: Partial<Form>) => {
    setValues({ ...values, ...next });
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = FeaturedInput.safeParse(values);
    if (parsed.success) make.mutate(parsed.data);
    else setErrors(firstMessages(parsed.error.issues));
  };
  return (
    <Drawer
      title={featuredText.drawerTitle}
      description="Only published apps can be featured."
      width={350}
      dirty={!!(values.appId || values.sectionSlug)}
      onClose={onClose}
      footer={
        <Button type="submit" form="mark-featured" loading={make.isPending}>
          Save
        </Button>
      }
    >
      <form id="mark-featured" noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <Field label="Find an app" hint="Type part of its name.">
            {({ id }) => <TextField.Root id={id} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <Field label="App" error={errors.appId}>
            {({ id, describedBy, invalid }) => (
              <>
                <Select.Root value={values.appId} onValueChange={(appId) => set({ appId })} name="appId">
                  <Select.Trigger
                    id={id}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    placeholder={candidates.isPending ? 'Loading the apps…' : 'Select an app'}
                  />
                  <Select.Content position="popper">
                    {(candidates.data ?? []).map((a) => (
                      <Select.Item key={a.appId} value={a.appId}>
                        {a.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                {candidates.data?.length === 0 && (
                  <Text size="1" color="gray">
                    {q ? `No published app’s name contains “${q}”.` : 'No app is published yet.'}
                  </Text>
                )}
              </>
            )}
          </Field>
          <Field label="Section Slug" error={errors.sectionSlug}>
            {({ id, describedBy, invalid }) => (
              <Select.Root value={values.sectionSlug} onValueChange={(slug) => set({ sectionSlug: slug as Form['sectionSlug'] })} name="sectionSlug">
                <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder="Select a section" />
                <Select.Content position="popper">
                  {featuredSlugs.map((slug) => (
                    <Select.Item key={slug} value={slug}>
                      {slug}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        </Flex>
      </form>
    </Drawer>
  );
}
