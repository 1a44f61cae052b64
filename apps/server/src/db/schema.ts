// The Drizzle schema aggregate drizzle-kit reads: the one barrel file (CONVENTIONS.md).

export * from '../modules/allocations/allocations.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/authorization/authorization.tables';
export * from '../modules/entities/entities.tables';
export * from '../modules/eod/eod.tables';
export * from '../modules/instruments/instruments.tables';
export * from '../modules/ledger/ledger.tables';
export * from '../modules/limits/limits.tables';
export * from '../modules/money-requests/money-requests.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/reference-data/reference-data.tables';
export * from '../modules/requests/requests.tables';
export * from '../modules/server-mode/server-mode.tables';
export * from '../modules/ssi/ssi.tables';
export * from '../modules/statements/statements.tables';
export * from '../modules/templates/templates.tables';
export * from '../modules/trading/trading.tables';
export * from '../modules/trading-platform/trading-platform.tables';
export * from '../modules/transfers/transfers.tables';
export * from '../modules/users/users.tables';
export * from '../modules/wallets/wallets.tables';
export * from '../platform/audit.tables';
export * from '../platform/idempotency.tables';
export * from '../platform/mail.tables';
export * from '../platform/storage/storage.tables';
