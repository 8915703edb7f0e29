/**
 * For scripts/check-config.test.ts: what `npm run check --config-dir <dir> --public-dir <dir>`
 * prints, for several config folders in one process. The same code as scripts/check-config.ts
 * (checkProject, then report), loading each folder's files as it does (Node's import() with
 * tsx's loader: its syntax errors, its "no such file"), one Node start instead of one a folder.
 * Run with tsx; reads [{ configDir, publicDir }] as JSON on standard input and prints, as JSON,
 * what the command would print for each.
 */
import { readFileSync } from 'node:fs';
import { checkProject, report } from '../render/checkProject';
import type { Folders } from '../content/server/configFolder';

const printed: string[] = [];
for (const folders of JSON.parse(readFileSync(0, 'utf8')) as Folders[]) printed.push(report(await checkProject(folders)));
process.stdout.write(JSON.stringify(printed));
