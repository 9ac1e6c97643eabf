import { Flex, Progress, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { FileDrop } from '../../components/FileDrop';
import { StepFooter, type StepProps } from './StepFooter';

/** SPEC §5 Upload: zip only, one file; Next disabled until chosen; the upload's progress. */
export function UploadStep(props: StepProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [choiceError, setChoiceError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return;
        setProgress(0);
        props.onNext(true, { step: 'upload', file, onProgress: setProgress });
      }}
    >
      <Flex direction="column" gap="3">
        <FileDrop
          id={`${id}-file`}
          label="App package (.zip)"
          accept=".zip,application/zip"
          disabled={props.busy}
          chosen={file ? [file] : []}
          invalid={choiceError !== ''}
          describedBy={choiceError ? `${id}-error` : undefined}
          onFiles={(files) => {
            const ok = files.length === 1 && /\.zip$/i.test(files[0]!.name);
            setFile(ok ? files[0]! : null);
            setChoiceError(files.length && !ok ? 'Choose one .zip file: the app package.' : '');
          }}
        />
        {choiceError && (
          <Text id={`${id}-error`} size="1" color="red" role="alert">
            {choiceError}
          </Text>
        )}
        {props.busy && progress !== null && (
          <Flex direction="column" gap="1">
            <Progress value={Math.round(progress * 100)} max={100} aria-label="Upload progress" />
            <Text size="1" color="gray" aria-live="polite">
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploaded; checking the package…'}
            </Text>
          </Flex>
        )}
      </Flex>
      <StepFooter {...props} nextDisabled={!file} />
    </form>
  );
}
