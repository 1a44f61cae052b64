/** Section 5, checked in the browser before upload with the server's exact messages. */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'File size should be less than 10MB';
export const UNSUPPORTED =
  'Unsupported File Format. Only format allowed are JPEG, PNG, PDF, MP4, WEBM, AVI, MPG';
export const ONLY_ONE = 'Only one file is allowed';

const SIGNATURES: { name: string; test: (b: Uint8Array) => boolean }[] = [
  { name: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { name: 'png', test: (b) => [0x89, 0x50, 0x4e, 0x47].every((v, i) => b[i] === v) },
  { name: 'pdf', test: (b) => [0x25, 0x50, 0x44, 0x46].every((v, i) => b[i] === v) },
  { name: 'webm', test: (b) => [0x1a, 0x45, 0xdf, 0xa3].every((v, i) => b[i] === v) },
  {
    name: 'avi',
    test: (b) =>
      String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 11)) === 'AVI',
  },
  { name: 'mp4', test: (b) => String.fromCharCode(...b.slice(4, 8)) === 'ftyp' },
  { name: 'mpg', test: (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && (b[3] === 0xba || b[3] === 0xb3) },
];

/** The reason a selection cannot be uploaded, or null. Type comes from the bytes, not the name. */
export async function proofProblem(files: readonly File[]): Promise<string | null> {
  if (files.length !== 1) return files.length > 1 ? ONLY_ONE : null;
  const file = files[0]!;
  if (file.size >= MAX_PROOF_BYTES) return TOO_LARGE;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return SIGNATURES.some((s) => s.test(head)) ? null : UNSUPPORTED;
}
