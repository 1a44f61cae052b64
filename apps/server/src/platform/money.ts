import { amountProblem, Money } from '@clearway/contracts/amounts';
import { badRequest } from './errors';

export { Money };

/**
 * Reads an amount as the wire carries it (a decimal string) for an asset with `scale`
 * decimals: positive, no more decimals than the asset has.
 * @throws BadRequest naming the field
 */
export function parseAmount(value: string, scale: number, field = 'amount'): Money {
  const problem = amountProblem(value, scale);
  if (problem) throw badRequest(`${field}: ${problem}`, { [field]: problem });
  return new Money(value);
}

/** The canonical string of an amount at an asset's scale (`1.5` USD → `1.50`). */
export function formatAmount(value: Money | string, scale: number): string {
  return new Money(value).toFixed(scale);
}
