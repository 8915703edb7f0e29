/**
 * The documentation holds together: every relative link in README.md, CONTENT.md and docs/*.md
 * leads to a file that exists, and every #anchor to a heading that exists (GitHub's slugs);
 * README stays a README; no doc carries history (issue numbers, commit hashes). What the docs
 * name exists: npm scripts, files of the code, environment variables, the API's routes
 * (endpoints.md), the lists the checker's sentences quote (docs/content-files.md), and the
 * pictures of the office's guide (CONTENT.md). So do the files the code's comments name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import forms from '../config/forms';
import { realPageIds } from '../src/test/realConfig';
import routes from '../config/routes';
import { sectionSchemas } from '../src/site/sections/schemas';
import { api } from '../src/platform/api';
import { SIGN_IN_API } from '../src/platform/signIn';
import { adminRoutes } from '../src/platform/inboxRoutes';
import { contentRoutes } from '../src/content/model/contentApi';

const root = path.resolve(__dirname, '..');
const docs = [
  'README.md',
  'CONTENT.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The lines of a Markdown text outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  const out: { line: string; number: number }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (!fence) out.push({ line, number: index + 1 });
  });
  return out;
}

/** GitHub's anchor for a heading's text: markup reduced to its text, lowercase, punctuation dropped, spaces to '-'. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text has: its headings' slugs, repeated ones numbered as GitHub does (-1, -2, …). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const { line } of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The inline links `[text](target)` of a Markdown text, outside code. */
function links(text: string): { target: string; number: number }[] {
  const out: { target: string; number: number }[] = [];
  for (const { line, number } of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: match[1]!, number });
  }
  return out;
}

/** A file or folder of the repository. */
const inRepository = (file: string) => existsSync(path.join(root, file));

/**
 * Where each relative link of `file` fails to lead: "file:line target: why". `readDoc` gives the
 * text of another Markdown file; `exists` says whether a path of the repository exists.
 */
function brokenLinks(file: string, text: string, readDoc: (file: string) => string | undefined, exists = inRepository): string[] {
  const problems: string[] = [];
  for (const { target, number } of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, tel:: not ours to check
    const [pathPart = '', anchor] = target.split('#', 2);
    const destination = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart)));
    const where = `${file}:${number} ${target}`;
    if (destination.startsWith('..')) {
      problems.push(`${where}: leads outside the repository`);
      continue;
    }
    if (pathPart !== '' && !exists(destination)) {
      problems.push(`${where}: there is no ${destination}`);
      continue;
    }
    if (anchor === undefined) continue;
    const targetText = pathPart === '' ? text : destination.endsWith('.md') ? readDoc(destination) : undefined;
    if (targetText === undefined) problems.push(`${where}: #${anchor} points into a file that has no headings`);
    else if (!anchors(targetText).has(decodeURIComponent(anchor).toLowerCase())) problems.push(`${where}: ${destination} has no heading #${anchor}`);
  }
  return problems;
}

/** History that belongs in commit messages: issue or pull request numbers, commit hashes. */
function history(text: string): string[] {
  const found: string[] = [];
  for (const [number, line] of text.split('\n').entries()) {
    const hits = [
      ...line.matchAll(/(?<![\w&/])#\d+\b/g),
      ...line.matchAll(/\b(?:issues?|pull requests?|PRs?)\s*#?\d+\b/gi),
      // 7 to 40 hexadecimal characters with both a digit and a letter: a (short) commit hash, not a number or a word.
      ...line.matchAll(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g),
    ];
    for (const hit of hits) found.push(`${number + 1}: ${hit[0]}`);
  }
  return found;
}

/** The `npm run` scripts a text names (in prose or in a command block) that package.json does not have. */
function unknownScripts(text: string, scripts: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [number, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(/\bnpm run (?:--?[\w-]+ )*([a-z][\w:-]*[\w])/g))
      if (!Object.hasOwn(scripts, match[1]!)) found.push(`${number + 1}: npm run ${match[1]}`);
  }
  return found;
}

/**
 * The files of the code a text names (`src/…`, `e2e/…`, `scripts/…`, `deploy/…`, `.ci/…`) that do
 * not exist. A name with a placeholder in it (`<page>`, `{id}`, `*`) is a pattern, not a file.
 */
function missingFiles(text: string, exists = inRepository): string[] {
  const found: string[] = [];
  for (const [number, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(/(?<![\w/.-])((?:src|e2e|scripts|deploy|\.ci)\/[\w./<>{}*-]*[\w>}*])/g)) {
      const file = match[1]!;
      if (!/[<>{}*]/.test(file) && !exists(file)) found.push(`${number + 1}: ${file}`);
    }
  }
  return found;
}

/** The code, each file read once: src/, scripts/, e2e/, deploy/, .ci/ and the configs at the root. */
function codeFiles(): { file: string; text: string }[] {
  const files = ['src', 'scripts', 'e2e', 'deploy', '.ci'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
  const rootFiles = readdirSync(root).filter((f) => /\.(ts|js|mjs)$/.test(f));
  return [...files, ...rootFiles].map((file) => ({ file, text: read(file) }));
}

/**
 * The comments of a file of code, each with the line it starts on. A cheap reading, not a parse: a
 * string or a template literal is passed over whole (a `//` in it is not a comment); a regular
 * expression with a quote or a `//` in it could mislead it, which no file here has.
 */
function commentsOf(text: string): { comment: string; line: number }[] {
  const out: { comment: string; line: number }[] = [];
  let line = 1;
  let at = 0;
  for (const token of text.matchAll(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|(\/\*[\s\S]*?\*\/|\/\/[^\n]*)/g)) {
    for (; at < token.index; at++) if (text[at] === '\n') line++;
    if (token[1] !== undefined) out.push({ comment: token[1], line });
  }
  return out;
}

/**
 * The files of the project that the comments of a file of code name (`src/…`, `config/…`,
 * `docs/…`, `e2e/…`, `scripts/…`, `deploy/…`, `.ci/…`) and that do not exist, as "line: name". A
 * module may be named without its extension (`config/site`); a name with a placeholder in it
 * (`<page>`, `{id}`, `*`) is a pattern, not a file.
 */
function missingInComments(text: string, exists = inRepository): string[] {
  const found: string[] = [];
  const known = (file: string) => ['', '.ts', '.tsx', '.md'].some((extension) => exists(file + extension));
  for (const { comment, line } of commentsOf(text)) {
    for (const [number, part] of comment.split('\n').entries()) {
      for (const match of part.matchAll(/(?<![\w/.@-])((?:src|config|docs|e2e|scripts|deploy|\.ci)\/[\w./<>{}*-]*[\w>}*])/g)) {
        const file = match[1]!;
        if (!/[<>{}*]/.test(file) && !known(file)) found.push(`${line + number}: ${file}`);
      }
    }
  }
  return found;
}

/** The environment variables a text names in code spans (`DATA_DIR`, `SMTP_URL=…`) that no code mentions. */
function unknownVariables(text: string, code: string): string[] {
  const found = new Set<string>();
  for (const span of text.matchAll(/`([^`\n]+)`/g)) {
    for (const match of span[1]!.matchAll(/(?<![\w$.-])([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])(?![\w(])/g)) {
      if (!new RegExp(`\\b${match[1]}\\b`).test(code)) found.add(match[1]!);
    }
  }
  return [...found];
}

/**
 * The lists the checker's sentences end with, as docs/content-files.md quotes them, against today's config:
 * the section types, the pages, the addresses and the forms. Returns each quoted list that differs.
 */
function staleLists(text: string): string[] {
  const today: [RegExp, string[]][] = [
    [/which is not a section type\. Did you mean "\w+"\? Use one of: ([^.`]+)[.`]|type is missing\. Use one of: ([^.`]+)[.`]/g, Object.keys(sectionSchemas)],
    [/pages of config\/pages: ([^.]+)\./g, realPageIds().sort()],
    [/Use one of the addresses in config\/routes\.ts: ([^`]+?)\.`/g, routes.routes.flatMap((route) => [route.path, ...(route.aliases ?? [])])],
    [/forms listed in config\/forms\/index\.ts: ([^.]+)\./g, Object.keys(forms)],
  ];
  const found: string[] = [];
  for (const [pattern, names] of today) {
    for (const match of text.matchAll(pattern)) {
      const quoted = (match[1] ?? match[2])!;
      // A list cut short ("pageHeader, hero, …") quotes its start: the first names, in today's order.
      const today = quoted.endsWith(', …') ? `${names.slice(0, quoted.split(', ').length - 1).join(', ')}, …` : names.join(', ');
      if (quoted !== today) found.push(`${quoted} (today: ${names.join(', ')})`);
    }
  }
  return found;
}

/** The routes (method and path, `:name` parameters) that a text does not name as `METHOD /path` (`{name}` for a parameter). */
function undocumentedRoutes(text: string, routes: readonly { method: string; path: string }[]): string[] {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return routes
    .filter(({ method, path: route }) => {
      const pattern = route
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '\\{\\w+\\}' : escape(part)))
        .join('');
      return !new RegExp(`\`${method} ${pattern}[\`?]`).test(text);
    })
    .map(({ method, path: route }) => `${method} ${route}`);
}

describe('the documentation', () => {
  test.each(docs)('%s: every relative link leads to a file, every #anchor to a heading', (file) => {
    expect(brokenLinks(file, read(file), (doc) => (inRepository(doc) ? read(doc) : undefined))).toEqual([]);
  });

  test.each(docs)('%s carries no issue numbers or commit hashes', (file) => {
    expect(history(read(file))).toEqual([]);
  });

  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  test.each(docs)('%s names only npm scripts that package.json has', (file) => {
    expect(unknownScripts(read(file), scripts)).toEqual([]);
  });

  test.each(docs)('%s names only files of the code that exist', (file) => {
    expect(missingFiles(read(file))).toEqual([]);
  });

  const code = codeFiles();
  const codeText = code.map(({ text }) => text).join('\n');
  test.each(docs)('%s names only environment variables the code knows', (file) => {
    expect(unknownVariables(read(file), codeText)).toEqual([]);
  });

  test('the comments of the code in src/, scripts/ and e2e/ name only files that exist', () => {
    const code = codeFiles().filter(({ file }) => /^(src|scripts|e2e)\/.*\.[cm]?[jt]sx?$/.test(file));
    expect(code.flatMap(({ file, text }) => missingInComments(text).map((missing) => `${file}:${missing}`))).toEqual([]);
  });

  test("docs/content-files.md quotes the checker's lists of section types, pages, addresses and forms as they are today", () => {
    const content = read('docs/content-files.md');
    expect(staleLists(content)).toEqual([]);
    // Each kind of list is quoted at least once, so the check above has something to check.
    expect(content).toMatch(/not a section type.*pages of config\/pages|pages of config\/pages[\s\S]*not a section type/s);
    expect(content).toContain('Use one of the addresses in config/routes.ts: ');
    expect(content).toContain('forms listed in config/forms/index.ts: ');
  });

  test('every picture CONTENT.md shows is a PNG file in the repository', () => {
    const content = read('CONTENT.md');
    const pictures = [...content.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)|<img[^>]+src="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
    // The office's guide is a guide to the editor's screens.
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    const missing = pictures.filter((picture) => {
      const file = path.join(root, decodeURI(picture.split('#')[0]!));
      return (
        !existsSync(file) ||
        !readFileSync(file)
          .subarray(0, 8)
          .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      );
    });
    expect(missing).toEqual([]);
  });

  test('endpoints.md names every route of the inbox, the content editor, the sign-in and the visit beacon', () => {
    const routes = [
      ...Object.values(adminRoutes),
      ...Object.values(contentRoutes),
      { method: 'GET', path: SIGN_IN_API },
      { method: 'POST', path: SIGN_IN_API },
      { method: 'POST', path: api.visits },
      { method: 'POST', path: api.documentsRoute },
    ];
    expect(undocumentedRoutes(read('docs/endpoints.md'), routes)).toEqual([]);
  });

  test('README.md is a README: at most 150 lines, the quick start and the tests, linking every guide', () => {
    const readme = read('README.md');
    expect(readme.split('\n').filter((line, i, all) => i < all.length - 1 || line !== '').length).toBeLessThanOrEqual(150);
    // A newcomer's two commands: start the site, run the tests.
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('`npm test`');
    const linked = new Set(links(readme).map(({ target }) => target.split('#')[0]));
    expect(docs.filter((doc) => doc !== 'README.md' && !linked.has(doc))).toEqual([]);
  });

  test.each(docs.filter((doc) => doc !== 'README.md'))('%s opens by saying who it is for', (file) => {
    const firstParagraph = read(file)
      .split('\n')
      .slice(1)
      .find((line) => line.trim() !== '');
    expect(firstParagraph).toMatch(/^For /);
  });
});

describe('the checks themselves', () => {
  const files: Record<string, string> = {
    'docs/a.md': '# A guide\n\n## Using the inbox\n\n## Using the inbox\n\n### `npm run dev` & the API!\n',
  };
  const readDoc = (file: string) => files[file];

  test('headings become GitHub anchors', () => {
    expect([...anchors(files['docs/a.md']!)]).toEqual(['a-guide', 'using-the-inbox', 'using-the-inbox-1', 'npm-run-dev--the-api']);
    expect(slug("The agency's inbox")).toBe('the-agencys-inbox');
    expect(slug('Upgrade, roll back')).toBe('upgrade-roll-back');
    expect(slug('E-mail on each [new](x.md) lead')).toBe('e-mail-on-each-new-lead');
  });

  test('a broken file, a broken anchor and an anchor into another file are found; good ones and code are not', () => {
    const text = [
      '[ok](docs/a.md#using-the-inbox-1) [ok](#top) [ok](https://example.com/x#y) [ok](package.json)',
      '[no file](docs/missing.md) [no heading](docs/a.md#nowhere) [no heading here](#nowhere)',
      '`[in code](nowhere.md)`',
      '```',
      '[in a fence](nowhere.md)',
      '```',
      '# Top',
    ].join('\n');
    const exists = (file: string) => file in files || inRepository(file);
    expect(brokenLinks('README.md', text, readDoc, exists)).toEqual([
      'README.md:2 docs/missing.md: there is no docs/missing.md',
      'README.md:2 docs/a.md#nowhere: docs/a.md has no heading #nowhere',
      'README.md:2 #nowhere: README.md has no heading #nowhere',
    ]);
  });

  test('an npm script, a file of the code and an environment variable that do not exist are found; real ones and patterns are not', () => {
    const text = [
      'Run `npm run check`, then `npm run --silent leads -- count` and `npm run lint:all`.',
      'See src/apps/server/app.ts, `src/server/nowhere.ts`, config/pages/<page>.ts and e2e/{name}.e2e.ts; /opt/src/x is not ours.',
      '`DATA_DIR=/tmp/x`, `NO_SUCH_SETTING`, `admin.passwordMinLength`, `X-Lead-Source`.',
    ].join('\n');
    expect(unknownScripts(text, { check: '', leads: '' })).toEqual(['1: npm run lint:all']);
    expect(missingFiles(text)).toEqual(['2: src/server/nowhere.ts']);
    expect(unknownVariables(text, 'process.env.DATA_DIR')).toEqual(['NO_SUCH_SETTING']);
  });

  test("a comment's file that does not exist is found; one in a string, a module without its extension and a pattern are not", () => {
    const text = [
      "/** Read by src/leads/server/store.ts and src/server/gone.ts; see config/site's words. */",
      "const url = 'https://example.com/src/x.ts'; // then src/nowhere/either.ts",
      "const name = 'src/no/comment.ts // nor this';",
      '/*',
      ' * config/pages/<page>.ts, e2e/{name}.e2e.ts, docs/missing.md',
      ' */',
    ].join('\n');
    expect(missingInComments(text)).toEqual(['1: src/server/gone.ts', '2: src/nowhere/either.ts', '5: docs/missing.md']);
  });

  test('a route the text does not name is found; a parameter may have any name', () => {
    const text = '| `GET /api/admin/leads/{id}` | … | `POST /api/admin/bulk` |';
    const routes = [
      { method: 'GET', path: '/api/admin/leads/:docId' },
      { method: 'POST', path: '/api/admin/bulk' },
      { method: 'DELETE', path: '/api/admin/leads/:docId' },
      { method: 'GET', path: '/api/admin/bulk' },
    ];
    expect(undocumentedRoutes(text, routes)).toEqual(['DELETE /api/admin/leads/:docId', 'GET /api/admin/bulk']);
  });

  test("a quoted list of the checker that is not today's is found", () => {
    const types = Object.keys(sectionSchemas);
    expect(staleLists(`sections[1].type is missing. Use one of: ${types.join(', ')}.`)).toEqual([]);
    expect(staleLists(`sections[1].type is missing. Use one of: ${types.slice(1).join(', ')}.`)).toHaveLength(1);
    expect(staleLists('Use one of the pages of config/pages: home, about.')).toHaveLength(1);
    expect(staleLists(`sections[1].type is missing. Use one of: ${types.slice(0, 2).join(', ')}, …\``)).toEqual([]);
    expect(staleLists(`sections[1].type is missing. Use one of: ${types.slice(1, 3).join(', ')}, …\``)).toHaveLength(1);
  });

  test('issue numbers and commit hashes are found; colours, numbers and anchors are not', () => {
    expect(history('fixed in #17, see issue 12 and Issue #4; main at 3773d9b')).toEqual(['1: #17', '1: #4', '1: issue 12', '1: Issue #4', '1: 3773d9b']);
    expect(history('colour "#1a4dd6", id 1795429702000, [x](#step-2), sections[4], &#39;')).toEqual([]);
  });
});
