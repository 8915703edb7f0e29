/**
 * For tests of generated files: the committed file at the project root must equal what its
 * generator writes now; if not, the failure says which command brings it up to date.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const projectDir = path.resolve(__dirname, '..', '..');

export function expectCommittedFile(file: string, generated: string, command: string): void {
  let committed: string;
  try {
    committed = readFileSync(path.join(projectDir, file), 'utf8');
  } catch {
    throw new Error(`${file} is missing. Run \`${command}\` and commit ${file}.`);
  }
  if (committed === generated) return;
  const have = committed.split('\n');
  const want = generated.split('\n');
  const line = want.findIndex((text, i) => have[i] !== text) + 1 || want.length + 1;
  throw new Error(
    `${file} is not what \`${command}\` writes from config/ now (first difference on line ${line}: ` +
      `committed ${JSON.stringify(have[line - 1] ?? '(end of file)')}, generated ${JSON.stringify(want[line - 1] ?? '(end of file)')}). ` +
      `Run \`${command}\` and commit ${file}.`,
  );
}
