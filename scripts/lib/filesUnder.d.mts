export function filesUnder(root: string, dir: string, pattern: RegExp): string[];
