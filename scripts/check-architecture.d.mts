/** The architecture check's parts, as its test uses them (the check itself is plain JavaScript). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][];
export function packageCycles(root: string): string[][];
export function apiProblems(src: string): { cycles: string[]; internals: string[] };
export function folderProblems(src: string): string[];
export interface Layer {
  name: string;
  paths: readonly string[];
  role?: string;
}
export function layersTable(layers: readonly Layer[]): string;
export function drawnDoc(text: string, layers: readonly Layer[]): string | undefined;
