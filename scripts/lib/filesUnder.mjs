// The project's files of a kind (the test files, for src/test/pinnedCopy.test.ts), below a folder.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` (relative to `root`) whose name matches `pattern`, skipping installed packages and output. */
export function filesUnder(root, dir, pattern) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'data', 'test-results'].includes(entry.name) && !entry.name.startsWith('.')) walk(name);
      } else if (pattern.test(entry.name)) found.push(name.split(path.sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}
