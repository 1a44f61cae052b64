import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(fileURLToPath(import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** What a cast is of, looking through parentheses, `!` and casts of casts (`x as unknown as T`). */
function castOperand(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
}

const namesPayload = (e: ts.Expression) =>
  (ts.isIdentifier(e) && /^payload$/i.test(e.text)) ||
  (ts.isPropertyAccessExpression(e) && e.name.text === 'payload') ||
  (ts.isElementAccessExpression(e) &&
    ts.isStringLiteral(e.argumentExpression) &&
    e.argumentExpression.text === 'payload');

/**
 * Each `as` cast (or `<T>` assertion) of a request payload: `req.payload as X`,
 * `(payload as unknown as Y)`, `r['payload'] as Z`. A payload's type comes from its request
 * type's definition (the engine parses it), never from a cast.
 */
function payloadCasts(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      namesPayload(castOperand(node.expression))
    ) {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}: ${node.getText()}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('request payloads are typed by their request type', () => {
  it('no module casts a request payload with `as`', () => {
    const files = filesUnder(MODULES).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50);
    const casts = files.flatMap((f) =>
      payloadCasts(path.relative(MODULES, f).split(path.sep).join('/'), readFileSync(f, 'utf8')),
    );
    expect(casts).toEqual([]);
  });

  it('finds the casts it forbids, and leaves other casts alone', () => {
    const source = `
      const a = req.payload as Payload;
      const b = (req.payload as unknown as WalletInput).walletId;
      const c = Number((req.payload as { walletId: number }).walletId);
      const d = <Payload>view.payload;
      const e = r['payload']! as Record<string, number>;
      const f = payload as Details;
      const ok1 = JSON.parse(payload) as { to: string };
      const ok2 = body as z.output<typeof ZRequestList>;
      const ok3 = req.payload;`;
    expect(payloadCasts('probe.ts', source).map((c) => c.replace(/^probe\.ts:\d+: /, ''))).toEqual([
      'req.payload as Payload',
      'req.payload as unknown as WalletInput',
      'req.payload as { walletId: number }',
      '<Payload>view.payload',
      "r['payload']! as Record<string, number>",
      'payload as Details',
    ]);
  });
});
