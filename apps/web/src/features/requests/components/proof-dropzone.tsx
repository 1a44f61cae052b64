import '@mantine/dropzone/styles.css';
import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';
import { proofProblem } from '../proof-check';

/**
 * One optional file proof. Every dropped or picked file goes through the section 5 check
 * (count, size, format by bytes) so the user sees the server's exact messages before upload.
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
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('moneyRequest.proof')}
      </Text>
      <Dropzone
        onDrop={check}
        onReject={(rejections) => check(rejections.map((r) => r.file))}
        aria-label={t('moneyRequest.proof')}
        p="md"
      >
        <Group justify="center" mih={48}>
          <Text size="sm" c={file ? undefined : 'dimmed'}>
            {file ? file.name : t('moneyRequest.proofHint')}
          </Text>
        </Group>
      </Dropzone>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
