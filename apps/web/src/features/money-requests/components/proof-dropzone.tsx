import { Group, Paper, Text } from '@mantine/core';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { proofProblem } from '../proof-check';

/**
 * One optional file proof. Every dropped or picked file goes through the section 5 check
 * (count, size, format by bytes) so the user sees the server's exact messages before upload.
 *
 * react-dropzone is used directly (not @mantine/dropzone, whose 9.6+ releases and their
 * react-dropzone 20 require Node 22 while the project declares Node 20.19).
 */
export function ProofDropzone({
  file,
  error,
  onChange,
}: {
  file: File | null;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
}) {
  const { t } = useTranslation();
  const check = async (files: File[]) => {
    const problem = await proofProblem(files);
    onChange(problem ? null : (files[0] ?? null), problem);
  };
  // No accept/maxSize here: proofProblem gives the spec's messages for every refusal.
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => check([...accepted, ...rejected.map((r) => r.file)]),
  });
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('moneyRequest.proof')}
      </Text>
      <Paper
        {...getRootProps({ 'aria-label': t('moneyRequest.proof') })}
        withBorder
        p="md"
        bg={isDragActive ? 'var(--mantine-primary-color-light)' : undefined}
        style={{ borderStyle: 'dashed', cursor: 'pointer' }}
      >
        <input {...getInputProps()} />
        <Group justify="center" mih={48}>
          <Text size="sm" c={file ? undefined : 'dimmed'}>
            {file ? file.name : t('moneyRequest.proofHint')}
          </Text>
        </Group>
      </Paper>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
