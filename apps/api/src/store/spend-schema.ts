/**
 * `ad_spend` (its queries: `reports/spend-queries.ts`): what was paid per platform, campaign and
 * India day, in paise. One row per platform, campaign (`campaign_key`: its name in lower case)
 * and day, so importing the same export again replaces its rows and never doubles them. `how`
 * says whether it came from Google Ads' or Meta Ads Manager's export or was typed on the desk;
 * `entered_by` who did it. No buyer's data is here.
 */
export const SPEND_MIGRATION = `
  CREATE TABLE ad_spend (
    platform     TEXT    NOT NULL,
    campaign     TEXT    NOT NULL,
    campaign_key TEXT    NOT NULL,
    campaign_id  TEXT,
    day          TEXT    NOT NULL,
    amount_paise INTEGER NOT NULL CHECK (amount_paise >= 0),
    how          TEXT    NOT NULL CHECK (how IN ('google', 'meta', 'hand')),
    entered_by   INTEGER REFERENCES desk_users (id),
    entered_at   INTEGER NOT NULL,
    PRIMARY KEY (platform, campaign_key, day)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX ad_spend_by_day ON ad_spend (day);
`;
