export interface Failure {
  title: string;
  file: string;
  line?: number;
  message?: string;
}
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  firstFailure?: Failure;
}
export function readJestReport(file: string, root: string): Counts | undefined;
export function readPlaywrightReport(file: string): Counts | undefined;
export function describeFailure(failure: Failure): string;
