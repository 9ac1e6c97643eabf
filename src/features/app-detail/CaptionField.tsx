import { TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import type { Screenshot } from '../../../contract/schemas/app';
import { SCREENSHOT_CAPTION_MAX, ScreenshotCaptionInput } from '../../../contract/schemas/listing';
import type { z } from 'zod';
import { Field } from '../../components/Field';
import { toast } from '../../lib/toast';
import { useCaptionScreenshot } from './listing-api';
import { listingText } from './listing-text';

const T = listingText.screenshots;
type Shot = z.infer<typeof Screenshot>;

/**
 * A screenshot's caption, edited in place: saved when the field is left or Enter is pressed (only when it changed),
 * with a toast; Escape puts back the saved one. A refusal says why and puts back the saved caption.
 */
export function CaptionField({ appId, versionId, shot, describedBy }: { appId: string; versionId: string; shot: Shot; describedBy: string }) {
  const caption = useCaptionScreenshot(appId, versionId);
  const [value, setValue] = useState(shot.caption);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  // What was sent last: Enter and the blur after it save once.
  const sent = useRef(shot.caption);
  // A caption saved elsewhere (another tab, the edit wizard) shows here unless this field is being edited.
  useEffect(() => {
    sent.current = shot.caption;
    if (document.activeElement !== input.current) setValue(shot.caption);
  }, [shot.caption]);

  const save = () => {
    const parsed = ScreenshotCaptionInput.safeParse({ caption: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const next = parsed.data.caption;
    setValue(next);
    if (next === sent.current) return;
    sent.current = next;
    caption.mutate(
      { shot, caption: next },
      {
        onSuccess: () => toast.success(next ? T.captionSaved : T.captionRemoved),
        onError: (err) => {
          sent.current = shot.caption;
          setValue(shot.caption);
          toast.apiError(err);
        },
      },
    );
  };

  return (
    <Field label={T.caption} error={error} hint={T.captionHint}>
      {(f) => (
        <TextField.Root
          ref={input}
          id={f.id}
          size="2"
          value={value}
          maxLength={SCREENSHOT_CAPTION_MAX}
          aria-describedby={[describedBy, f.describedBy].filter(Boolean).join(' ')}
          aria-invalid={f.invalid}
          onChange={(e) => setValue(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') {
              setValue(sent.current);
              setError(undefined);
            }
          }}
        />
      )}
    </Field>
  );
}
