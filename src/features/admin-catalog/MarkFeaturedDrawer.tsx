import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FeaturedInput, featuredSlugs } from '../../../contract/schemas/catalog';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { DEFAULT_DEBOUNCE_MS } from '../../lib/page-size';
import { toast } from '../../lib/toast';
import { featureCandidatesQuery, useMakeFeatured } from './api';
import { featuredText } from './strings';

const slugChoices = featuredSlugs.map((slug) => ({ value: slug, label: slug }));

/** 'Mark App As Featured' (width 350): a published app (found by name) and one of the twelve section slugs. */
export function MarkFeaturedDrawer({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEFAULT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const candidates = useQuery(featureCandidatesQuery(q));
  const make = useMakeFeatured();
  // Two selects, checked by the contract's own schema on Save (the server checks them again).
  const { control, handleSubmit, formState } = useForm({ defaultValues: { appId: '' }, resolver: zodResolver(FeaturedInput) });
  const submit = handleSubmit((body) =>
    make.mutate(body, {
      onSuccess: () => {
        toast.success(featuredText.made);
        onClose();
      },
      onError: () => toast.error(featuredText.makeFailed),
    }),
  );
  return (
    <Drawer
      title={featuredText.drawerTitle}
      description="Only published apps can be featured."
      width={350}
      dirty={formState.isDirty}
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
          <Controller
            control={control}
            name="appId"
            render={({ field, fieldState }) => (
              <Field label="App" error={fieldState.error?.message}>
                {({ id, describedBy, invalid }) => (
                  <>
                    <Select.Root value={field.value} onValueChange={field.onChange} name={field.name}>
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
            )}
          />
          <Controller
            control={control}
            name="sectionSlug"
            render={({ field, fieldState }) => (
              <ChoiceGroup
                variant="select"
                label="Section Slug"
                placeholder="Select a section"
                options={slugChoices}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </Flex>
      </form>
    </Drawer>
  );
}
