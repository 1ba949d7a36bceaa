// Kept for the desk features that import it from here; buyers/ owns it.
export { assertMayWork, findLead } from '../buyers/index.ts';
