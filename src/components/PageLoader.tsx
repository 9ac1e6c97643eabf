import { Flex, Spinner, Text } from '@radix-ui/themes';

/** The loading state of a screen: a spinner with a label screen readers announce. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" gap="3" p="6" role="status" aria-live="polite" style={{ minHeight: '40vh' }}>
      <Spinner size="3" />
      <Text color="gray">{label}</Text>
    </Flex>
  );
}
