// A text column that holds one of a closed list (a loss type, a status, a role, a kind) reads and
// writes as the shared package's union of that list, by `.$type<Union>()`: the code that reads a row
// needs no cast, and a drizzle write of any other value does not compile (raw SQL is not checked).
// `$type` changes no SQL: the checks and defaults of each table are its own, and no migration
// follows from it. A column the contract leaves open (a claim file's service type) stays text.
export * from './auth';
export * from './app';
export * from './companies';
export * from './admin';
export * from './projects';
export * from './inspections';
export * from './estimating';
export * from './chat';
export * from './documents';
export * from './billing';
export * from './feedback';
export * from './ledger';
export * from './shingles';
export * from './assistant';
export * from './uploads';
