/** The architecture check's parts, as its test uses them (the check itself is plain JavaScript). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][];
export function packageCycles(root: string): string[][];
export function apiProblems(
  src: string,
  waiting?: readonly string[],
): { cycles: string[]; internals: string[] };
/** Files (relative to apps/api/src) whose imports the folder rules do not count yet. */
export const FOLDER_RULES_WAIT_FOR: readonly string[];
export function folderProblems(src: string, waiting?: readonly string[]): string[];
export interface Layer {
  name: string;
  paths: readonly string[];
  role?: string;
}
export function layersTable(layers: readonly Layer[]): string;
export function drawnDoc(text: string, layers: readonly Layer[]): string | undefined;
