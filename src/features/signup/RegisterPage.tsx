import { Box, Callout, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { renderText } from '../../../contract/common';
import type { Config } from '../../../contract/schemas/catalog';
import { PageLoader } from '../../components/PageLoader';
import { SignUpForm } from './SignUpForm';
import { signupText } from './strings';

/** /publisher/register: the form, the disabled note, or the thank-you for an already registered publisher. */
export function RegisterPage({ config, registered, enabled }: { config: Config; registered: boolean; enabled: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!registered) return;
    const t = setTimeout(() => void navigate({ to: '/publisher/apps' }), 1500);
    return () => clearTimeout(t);
  }, [registered, navigate]);

  if (registered) {
    return (
      <Flex direction="column" align="center" gap="3" p="6">
        <Heading as="h1" size="5" align="center">
          {renderText(signupText.thankYou, { product: config.productName })}
        </Heading>
        <PageLoader label="Taking you to your apps…" />
      </Flex>
    );
  }
  if (!enabled) {
    return (
      <Box p="6" style={{ maxWidth: 640, margin: '0 auto' }}>
        <Heading as="h1" size="6" mb="3">
          {signupText.title}
        </Heading>
        <Callout.Root color="amber">
          <Callout.Text>
            <Text weight="bold">{signupText.disabledTitle}</Text>. {signupText.disabledBody}{' '}
            <ThemeLink href={`mailto:${config.supportEmail}`}>{config.supportEmail}</ThemeLink>
          </Callout.Text>
        </Callout.Root>
      </Box>
    );
  }
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="end" mb="2">
        <ThemeLink asChild size="2">
          <Link to="/sign-out">Sign out</Link>
        </ThemeLink>
      </Flex>
      <SignUpForm config={config} />
    </Box>
  );
}
