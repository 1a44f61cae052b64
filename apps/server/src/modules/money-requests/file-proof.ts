import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors';

export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'File size should be less than 10MB';
export const UNSUPPORTED =
  'Unsupported File Format. Only format allowed are JPEG, PNG, PDF, MP4, WEBM, AVI, MPG';
export const ONLY_ONE = 'Only one file is allowed';

/** Formats of section 5, decided by the file's bytes (never its name or declared type). */
const ALLOWED = new Map([
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['pdf', 'application/pdf'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['avi', 'video/x-msvideo'],
  ['mpg', 'video/mpeg'],
]);

/** @throws 413 (size), 415 (format) with the spec's exact messages */
export async function checkProof(data: Buffer): Promise<{ ext: string; mime: string }> {
  if (data.length >= MAX_PROOF_BYTES) throw new AppError('PayloadTooLarge', 413, TOO_LARGE);
  const type = await fileTypeFromBuffer(data);
  const mime = type && ALLOWED.get(type.ext);
  if (!type || !mime) throw new AppError('UnsupportedMediaType', 415, UNSUPPORTED);
  return { ext: type.ext, mime };
}
