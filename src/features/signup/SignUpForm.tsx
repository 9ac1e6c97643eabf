import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, Checkbox, Flex, Grid, Heading, Link as ThemeLink, Select, Text, TextField } from '@radix-ui/themes';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { renderText } from '../../../contract/common';
import type { Config } from '../../../contract/schemas/catalog';
import { countryCodes } from '../../../contract/schemas/countries';
import { SignUpInput } from '../../../contract/schemas/publisher';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useSignUp } from './api';
import { signupText } from './strings';

type Form = {
  name: string;
  publisherCity: string;
  publisherState: string;
  publisherCountry: string;
  tosLink: string;
  privacyLink: string;
  chatUsername: string;
  agreement: boolean;
};

const empty: Form = { name: '', publisherCity: '', publisherState: '', publisherCountry: '', tosLink: '', privacyLink: '', chatUsername: '', agreement: false };

/** Publisher Sign Up (SPEC §2, §5): the contract's schema validates here and again on the server. */
export function SignUpForm({ config }: { config: Config }) {
  const product = config.productName;
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: '__root__' });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  const form = useForm<Form>({ defaultValues: empty, resolver: zodResolver(SignUpInput) as never, mode: 'onTouched' });
  const { register, handleSubmit, control, formState, setError } = form;
  const msg = (k: keyof Form) => {
    const m = formState.errors[k]?.message;
    return m ? renderText(m, { product }) : undefined;
  };
  const signUp = useSignUp();
  const submit = handleSubmit((values) =>
    signUp.mutate(values as SignUpInput, {
      onSuccess: () => {
        toast.success(renderText(signupText.created, { product }));
        auth.actor.send({ type: 'REGISTERED' });
        void navigate({ to: '/publisher/apps' });
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.apiError(err);
      },
    }),
  );

  const text = (name: Exclude<keyof Form, 'agreement' | 'publisherCountry'>, label: string, extra: { placeholder?: string; type?: 'url' } = {}) => (
    <Field label={label} error={msg(name)}>
      {({ id, describedBy, invalid }) => <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} {...extra} {...register(name)} />}
    </Field>
  );

  return (
    <Card size="3" style={{ maxWidth: 720, margin: '0 auto' }}>
      <form noValidate onSubmit={submit} aria-labelledby="signup-title">
        <Flex direction="column" gap="4">
          <Heading as="h1" id="signup-title" size="6">
            {signupText.title}
          </Heading>
          {text('name', 'Publisher name')}
          <Grid columns={{ initial: '1', sm: '3' }} gap="3">
            {text('publisherCity', 'City')}
            {text('publisherState', 'State')}
            <Field label="Country" error={msg('publisherCountry')}>
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={control}
                  name="publisherCountry"
                  render={({ field }) => (
                    <Select.Root value={field.value} onValueChange={field.onChange} name={field.name}>
                      <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder="Select a country" onBlur={field.onBlur} />
                      <Select.Content position="popper">
                        {countries.map((c) => (
                          <Select.Item key={c.code} value={c.code}>
                            {c.name}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  )}
                />
              )}
            </Field>
          </Grid>
          {text('tosLink', 'Terms of Service link', { placeholder: 'https://', type: 'url' })}
          {text('privacyLink', 'Privacy policy link', { placeholder: 'https://', type: 'url' })}
          {text('chatUsername', `open.${product}.chat username`)}
          <Box>
            <Controller
              control={control}
              name="agreement"
              render={({ field }) => (
                <Text as="label" size="2">
                  <Flex gap="2" align="start">
                    <Checkbox
                      checked={field.value}
                      onCheckedChange={(v) => field.onChange(v === true)}
                      aria-invalid={!!msg('agreement')}
                      aria-describedby={msg('agreement') ? 'agreement-error' : undefined}
                    />
                    <span>
                      I agree to the{' '}
                      <ThemeLink href={config.termsUrl} target="_blank" rel="noreferrer">
                        Terms and Conditions
                      </ThemeLink>{' '}
                      and the{' '}
                      <ThemeLink href={config.privacyUrl} target="_blank" rel="noreferrer">
                        Privacy policy
                      </ThemeLink>
                      .
                    </span>
                  </Flex>
                </Text>
              )}
            />
            {msg('agreement') && (
              <Text id="agreement-error" size="1" color="red" role="alert">
                {msg('agreement')}
              </Text>
            )}
          </Box>
          <Flex justify="end">
            {/* Signed up: the button stays busy until the apps screen opens. */}
            <Button type="submit" loading={signUp.isPending || signUp.isSuccess}>
              {signupText.submit}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
