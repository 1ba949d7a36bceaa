/**
 * Privacy: erasing a person's data by mobile (from the desk or `pnpm leads erase`), the ledger of
 * erasures kept beside the database and carried through backups so a restore cannot undo one,
 * and the retention that deletes old leads (format/log-redaction.ts keeps personal data out of
 * the logs). It owns `erased_mobiles` and `desk_erasures`, and empties every other feature's rows
 * about an erased person through the steps those features hand it.
 */
export { createErasure, type Erasure, type ErasureOptions, type ErasureStep } from './erasure.ts';
export { createErasureQueries, type ErasedLeads } from './erasure-queries.ts';
export { erasureRoutes, type ErasureRouteDeps } from './erasure-routes.ts';
export {
  createErasureLedger,
  ErasureLedgerError,
  KEY_FILE,
  LEDGER_FILE,
  type CarriedLedger,
  type ErasureLedger,
  type LedgerEntry,
} from './erasure-ledger.ts';
export { createLeadRetention, type LeadRetention } from './lead-retention.ts';
export { adoptLedgerFromBackup, writeLedgerIntoBackup } from './ledger-in-backup.ts';
