// Kept for the desk features that import it from here; buyers/ owns it.
export { toLeadRow } from '../buyers/index.ts';
