declare module 'multicoin-address-validator' {
  const validator: { validate(address: string, currency: string, opts?: Record<string, unknown>): boolean };
  export default validator;
}
