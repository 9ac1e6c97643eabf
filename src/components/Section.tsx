import { Heading } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';

/** A titled region of a detail screen (the heading labels it for assistive technology). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="4" mb="2" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
