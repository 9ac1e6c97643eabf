import { Button, Flex, Text } from '@radix-ui/themes';

/** Previous / next over `total` rows in pages of `size`; `page` is 1-based. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Flex align="center" justify="end" gap="3" mt="3" asChild>
      <nav aria-label="Pagination">
        <Text size="2" color="gray" aria-live="polite">
          Page {Math.min(page, pages)} of {pages} · {total} in all
        </Text>
        <Button variant="soft" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="soft" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </nav>
    </Flex>
  );
}
