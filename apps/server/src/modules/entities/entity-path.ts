/** `/1/7/42/` → [1, 7, 42]: the entity's ancestors (root first), then itself. */
export function idsOfPath(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}

/** The ancestors of the entity a path ends with, root first. */
export function ancestorsOfPath(path: string): number[] {
  return idsOfPath(path).slice(0, -1);
}
