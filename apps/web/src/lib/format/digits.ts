// The digit rules live in contracts (the server's statement PDFs use them too).
export { decimalsOf, groupDecimal, isZero, toDecimals } from '@clearway/contracts/amount-format';
