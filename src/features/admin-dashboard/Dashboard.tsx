import { Box, Card, Heading, Text } from '@radix-ui/themes';

/** Admin Dashboard: the spec's own 'Coming soon'. */
export function Dashboard() {
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Heading as="h1" size="6" mb="4">
        Dashboard
      </Heading>
      <Card size="3">
        <Text size="4" color="gray">
          Coming soon
        </Text>
      </Card>
    </Box>
  );
}
