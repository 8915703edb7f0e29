export function filesUnder(root: string, dir: string, pattern: RegExp): string[];
export function importGraph(root: string, entries: string[]): Promise<Map<string, string[]>>;
export function readersOf(graph: Map<string, string[]>, entries: string[], targets: string[], through?: (file: string) => boolean): string[];
