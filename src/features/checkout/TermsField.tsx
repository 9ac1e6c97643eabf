import { Checkbox, Flex, Link, Text, VisuallyHidden } from '@radix-ui/themes';
import { forwardRef, Fragment, useId } from 'react';
import type { CheckoutOffer } from '../../../contract/schemas/checkout';
import { checkoutText as T } from './strings';

const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** "I accept the terms", with the app's terms of service and privacy policy (each in a new tab) when it has them. */
export const TermsField = forwardRef<HTMLButtonElement, { app: CheckoutOffer['app']; checked: boolean; onChange: (checked: boolean) => void; error?: string }>(
  function TermsField({ app, checked, onChange, error }, ref) {
    const id = useId();
    const links = [
      { href: app.tosLink, label: T.termsOfService },
      { href: app.privacyLink, label: T.privacyPolicy },
    ].filter((l) => isWebLink(l.href));
    return (
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium">
          <Flex gap="2" align="center">
            <Checkbox
              ref={ref}
              checked={checked}
              onCheckedChange={(v) => onChange(v === true)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {T.acceptTerms}
          </Flex>
        </Text>
        {links.length > 0 && (
          <Text size="1" color="gray">
            {links.map((l, i) => (
              <Fragment key={l.label}>
                {i > 0 && ' · '}
                <Link href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.label}
                  <VisuallyHidden> {T.newTab}</VisuallyHidden>
                </Link>
              </Fragment>
            ))}
          </Text>
        )}
        {error && (
          <Text id={`${id}-error`} size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Flex>
    );
  },
);
