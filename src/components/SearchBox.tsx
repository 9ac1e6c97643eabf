import { TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_DEBOUNCE_MS } from '../lib/page-size';

/** A list's search field: what is typed goes to `onSearch` (trimmed) once typing pauses. */
export function SearchBox({ q, label, placeholder, onSearch }: { q: string; label: string; placeholder: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => latest.current(text.trim()), DEFAULT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);
  return (
    <TextField.Root placeholder={placeholder} aria-label={label} value={text} onChange={(e) => setText(e.target.value)} maxLength={100}>
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
