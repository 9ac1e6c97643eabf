import { CheckboxCards, Flex, Heading, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsInput } from '../../../contract/schemas/app';
import { RESERVED_CATEGORY } from '../../../contract/schemas/languages';
import { languageChoices } from '../../lib/languages';
import { categoriesQuery } from '../../lib/catalog';
import { wizardVersionQuery } from './api';
import { StepFields } from './StepFields';
import { skipWhenReadOnly, StepFooter, type StepProps } from './StepFooter';
import { useStepForm } from './use-step-form';

/** SPEC §5 App details: at least one category (Enterprise not offered) and one language; unchanged moves on. */
export function DetailsStep(props: StepProps) {
  const { data: v } = useSuspenseQuery(wizardVersionQuery(props.appId, props.versionId));
  const { data: categories } = useSuspenseQuery(categoriesQuery);
  const saved = { categories: v.categories, languages: v.languages };
  const [values, setValues] = useState(saved);
  const form = useStepForm(
    DetailsInput,
    values,
    saved,
    (parsed, changed) => props.onNext(changed, { step: 'details', values: parsed }),
    skipWhenReadOnly(props),
  );
  const group = (name: 'categories' | 'languages', title: string, options: [string, string][]) => (
    <Flex direction="column" gap="2" role="group" aria-labelledby={`${name}-title`} aria-describedby={form.error(name) ? `${name}-error` : undefined}>
      <Heading as="h3" size="3" id={`${name}-title`}>
        {title}
      </Heading>
      <CheckboxCards.Root size="1" columns={{ initial: '2', sm: '4' }} value={values[name]} onValueChange={(next) => setValues({ ...values, [name]: next })}>
        {options.map(([value, label]) => (
          <CheckboxCards.Item key={value} value={value}>
            {label}
          </CheckboxCards.Item>
        ))}
      </CheckboxCards.Root>
      {form.error(name) && (
        <Text id={`${name}-error`} size="1" color="red" role="alert">
          {form.error(name)}
        </Text>
      )}
    </Flex>
  );
  return (
    <form onSubmit={form.submit} noValidate>
      <StepFields readOnly={props.readOnly}>
        <Flex direction="column" gap="5">
          {group(
            'categories',
            'Categories',
            categories.filter((c) => c.title !== RESERVED_CATEGORY).map((c) => [c.title, c.title]),
          )}
          {group('languages', 'Languages', languageChoices)}
        </Flex>
      </StepFields>
      <StepFooter {...props} />
    </form>
  );
}
