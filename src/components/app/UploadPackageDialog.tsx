import { Button, Callout, Dialog, Flex, Progress, Text } from '@radix-ui/themes';
import { useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { contract } from '../../../contract';
import type { App } from '../../../contract/schemas/app';
import { uploadFailureText, uploadWithProgress } from '../../lib/upload';

type Target = { kind: 'new' } | { kind: 'update'; appId: string; name: string };
const isZip = (f: File) => /\.zip$/i.test(f.name);
export const uploadText = {
  oneZip: 'Choose one .zip file: the app package.',
};

/**
 * Upload an app package (SPEC §5 Upload: zip only, one file, the button disabled until one is chosen)
 * with a real progress bar; failures show '{error} ({code})'. A new app is POST /publisher/apps, an
 * update PUT /apps/{id}; the server then compiles it.
 */
export function UploadPackageDialog({ target, onUploaded, onClose }: { target: Target; onUploaded: (app: z.infer<typeof App>) => void; onClose: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [choiceError, setChoiceError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const abort = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  const choose = (files: FileList | null) => {
    setFailure('');
    const chosen = files ? [...files] : [];
    const only = chosen[0];
    if (chosen.length !== 1 || !only || !isZip(only)) {
      setFile(null);
      setChoiceError(chosen.length ? uploadText.oneZip : '');
      return;
    }
    setChoiceError('');
    setFile(only);
  };

  const upload = async () => {
    if (!file) return;
    abort.current = new AbortController();
    setFailure('');
    setProgress(0);
    try {
      const route = target.kind === 'new' ? contract.apps.create : contract.apps.update;
      const app = await uploadWithProgress<z.infer<typeof App>>({
        method: route.method,
        path: target.kind === 'new' ? route.path : route.path.replace(':id', encodeURIComponent(target.appId)),
        field: 'app',
        file,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      onUploaded(app);
    } catch (err) {
      setFailure(uploadFailureText(err));
      setProgress(null);
    }
  };

  const title = target.kind === 'new' ? 'Upload App Package' : `Upload an update for ${target.name}`;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (open) return;
        abort.current?.abort();
        onClose();
      }}
    >
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          A .zip of the app: its source (TypeScript) or a compiled package. It is checked, stored and compiled; the compile result shows on the app.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <Text as="label" htmlFor={`${id}-file`} size="2" weight="medium">
            App package (.zip)
          </Text>
          <input
            id={`${id}-file`}
            type="file"
            accept=".zip,application/zip"
            disabled={uploading}
            aria-invalid={choiceError !== ''}
            aria-describedby={choiceError ? `${id}-choice` : undefined}
            onChange={(e) => choose(e.target.files)}
          />
          {choiceError && (
            <Text id={`${id}-choice`} size="1" color="red" role="alert">
              {choiceError}
            </Text>
          )}
          {uploading && (
            <Flex direction="column" gap="1">
              <Progress value={Math.round(progress * 100)} max={100} aria-label="Upload progress" />
              <Text size="1" color="gray" aria-live="polite">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploaded; checking the package…'}
              </Text>
            </Flex>
          )}
          {failure && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{failure}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
        <Flex justify="end" gap="2" mt="5">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button disabled={!file} loading={uploading} onClick={() => void upload()}>
            Upload
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
