import { UploadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '../lib/format';

type Props = {
  id: string;
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The files chosen now, shown by name and size. */
  chosen?: File[];
  describedBy?: string;
  invalid?: boolean;
  onFiles: (files: File[]) => void;
};

/**
 * A file picker: a drop zone for dragging files onto, and a button that opens the system's chooser (the
 * keyboard's way in); shows what was chosen with its size. The native input stays in the page, labelled,
 * for the chooser and for assistive technology, but out of sight and out of the tab order.
 */
export function FileDrop({ id, label, accept, multiple = false, disabled = false, chosen = [], describedBy, invalid, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...e.dataTransfer.files]);
  };
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <div
        className="file-drop"
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <input
          ref={input}
          id={id}
          type="file"
          className="file-drop-input"
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => {
            onFiles(e.target.files ? [...e.target.files] : []);
            e.target.value = '';
          }}
        />
        <Flex direction="column" align="center" gap="2">
          <UploadIcon width={22} height={22} aria-hidden />
          <Text size="2" color="gray">
            Drag and drop {multiple ? 'files' : 'a file'} here, or
          </Text>
          <Button type="button" variant="soft" disabled={disabled} aria-describedby={describedBy} onClick={() => input.current?.click()}>
            Choose {multiple ? 'files' : 'a file'}
          </Button>
          {chosen.length > 0 && (
            <ul aria-label="Chosen" className="file-drop-chosen">
              {chosen.map((f) => (
                <li key={`${f.name}-${f.size}`}>
                  <Text size="2" weight="medium">
                    {f.name}
                  </Text>{' '}
                  <Text size="1" color="gray">
                    ({formatBytes(f.size)})
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      </div>
    </Flex>
  );
}
