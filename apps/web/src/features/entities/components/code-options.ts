/**
 * A picker's options over an entity reference list: the codes offered (active), plus the
 * ones the entity carries already, so a code disabled since stays shown and kept on edit
 * (the server accepts it there) while no new row can pick it.
 */
export function codeOptions(
  offered: readonly { code: string; name: string }[] | undefined,
  kept: readonly string[],
): { value: string; label: string }[] {
  const options = (offered ?? []).map((o) => ({ value: o.code, label: o.name }));
  const known = new Set(options.map((o) => o.value));
  for (const code of new Set(kept)) if (code && !known.has(code)) options.push({ value: code, label: code });
  return options;
}
