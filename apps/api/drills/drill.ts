/** What every drill reports: the load, the faults, what was lost, and its own figures. */
export interface DrillResult {
  name: string;
  load: string;
  faults: string;
  /** Leads answered `success` that are missing from the database or never reached SMTP. */
  lost: number;
  /** Everything else that went wrong; any entry fails the drill. */
  failures: string[];
  figures: Record<string, string | number>;
}
