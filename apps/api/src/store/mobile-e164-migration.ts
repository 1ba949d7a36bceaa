/**
 * Mobiles are stored in E.164 from this version on, so a number from abroad and an Indian one
 * share one column, one duplicate check and one search. Every ten-digit number the site stored
 * becomes `+91…`, in leads and in buyers; an erased lead's empty mobile (or an erased buyer's
 * null) stays so. The mobile index follows through its update trigger. The erasure ledger and
 * `erased_mobiles` need no change: their keyed hashes are of an Indian number's ten digits,
 * before and after (see `privacy/erasure-ledger.ts`).
 */
export const MOBILE_E164_MIGRATION = `
  UPDATE leads SET mobile = '+91' || mobile
    WHERE length(mobile) = 10 AND mobile NOT GLOB '*[^0-9]*';
  UPDATE buyers SET mobile = '+91' || mobile
    WHERE length(mobile) = 10 AND mobile NOT GLOB '*[^0-9]*';
`;
