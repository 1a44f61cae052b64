import { describe, expect, it } from 'vitest';
import { ONLY_ONE, proofProblem, TOO_LARGE, UNSUPPORTED } from './proof-check';

const file = (bytes: number[] | Uint8Array, name: string, size?: number) => {
  const f = new File([new Uint8Array(bytes)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34];

describe('file proof checks in the browser (section 5)', () => {
  it('accepts a PDF renamed .png, by its bytes', async () => {
    expect(await proofProblem([file(PDF, 'scan.png')])).toBeNull();
  });
  it('refuses an HTML file renamed .jpg', async () => {
    expect(await proofProblem([file(new TextEncoder().encode('<html></html>'), 'photo.jpg')])).toBe(
      UNSUPPORTED,
    );
  });
  it('refuses 10 MB + 1 byte', async () => {
    expect(await proofProblem([file(PDF, 'big.pdf', 10 * 1024 * 1024 + 1)])).toBe(TOO_LARGE);
  });
  it('refuses a second file', async () => {
    expect(await proofProblem([file(PDF, 'a.pdf'), file(PDF, 'b.pdf')])).toBe(ONLY_ONE);
  });
});
