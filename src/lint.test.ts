/**
 * The walls between the rooms of src/ (eslint.config.js, roomWalls) hold: a file that crosses
 * one fails `npm run lint`, naming the wall. Each case lints a small file as if it were
 * written at that place in the tree, with the project's own ESLint configuration.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * ESLint's configuration is an ES module, which jest's module system cannot load: one Node
 * process lints every case (about as long as one `npx eslint` on a file).
 */
const linter = `
  import { ESLint } from 'eslint';
  import { readFileSync } from 'node:fs';
  const eslint = new ESLint({ cwd: process.cwd() });
  const cases = JSON.parse(readFileSync(0, 'utf8'));
  const found = [];
  for (const [file, code] of cases) {
    const [result] = await eslint.lintText(code + '\\nexport const used = value;\\n', { filePath: process.cwd() + '/' + file });
    found.push(result.messages.map((m) => (m.ruleId ?? 'parse') + ': ' + m.message));
  }
  process.stdout.write(JSON.stringify(found));
`;

function lintAll(cases: readonly (readonly [string, string, ...string[]])[]): string[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', linter], {
    cwd: root,
    input: JSON.stringify(cases.map(([file, code]) => [file, code])),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[][];
}

const forbidden = [
  ['src/leads/server/example.ts', "import { createRoutes as value } from '../../site/app/routes';", 'runs in Node'],
  ['src/leads/server/example.ts', "import { SmartLink as value } from '../../site/ui/SmartLink';", 'must not import a browser folder'],
  ['src/leads/server/example.ts', "import value from 'react';", 'no React, MUI'],
  [
    'src/platform/server/nested/example.ts',
    "import { useSubmission as value } from '../../../site/forms/submit/useSubmission';",
    'must not import a browser folder',
  ],
  ['src/deploy/example.ts', "import { buildApp as value } from '../apps/server/app';", 'must not import the server'],
  ['src/deploy/example.ts', "import { openStore as value } from '../leads/server/store';", 'must not import the server'],
  ['src/render/example.ts', "import { Layout as value } from '../site/layout/Layout';", 'must not import a browser folder'],
  ['src/render/example.ts', "import value from '@mui/material/Button';", 'no React, MUI'],
  ['src/content/model/example.ts', "import { LeadList as value } from '../../leads/inbox/LeadList';", 'must not import a browser folder'],
  ['src/leads/server/example.ts', "import { renderSite as value } from '../../render/render';", 'must not import the render'],
  ['src/content/server/example.ts', "import { renderSite as value } from '../../render/render';", 'must not import the render'],
  ['src/render/example.ts', "import { openStore as value } from '../leads/server/store';", 'The render and the deploy generators must not import the server'],
  ['src/render/example.ts', "import { leadPage as value } from '../leads/server/leads';", 'The render and the deploy generators must not import the server'],
  ['src/deploy/example.ts', "import { renderSite as value } from '../render/render';", 'must not import the render'],
  ['src/site/forms/model/example.ts', "import { createLocalPort as value } from '../../data/local';", 'must not import a browser folder'],
  ['src/site/forms/model/example.ts', "import { FormRenderer as value } from '../ui/FormRenderer';", 'must not import a browser folder'],
  ['src/site/forms/model/example.ts', "import { yupResolver as value } from '@hookform/resolvers/yup';", 'no React, MUI'],
  ['src/content/model/example.ts', "import { sectionRenderers as value } from '../../site/sections/registry';", 'must not import a browser folder'],
  ['src/site/sections/hero/schema.ts', "import { Picture as value } from '../../ui/Picture';", 'read by the config checker in Node'],
  ['src/site/ui/example.ts', "import { Header as value } from '../layout/Header';", 'must not import the layout'],
  ['src/leads/server/example.ts', "import { validData as value } from '../../test/formFixtures';", 'for tests only'],
  ['src/site/forms/ui/example.tsx', "import { validData as value } from '../../../test/formFixtures';", 'for tests only'],
  ['src/site/islands/example.tsx', "import value from '@mui/material/Button';", "runs in the visitor's browser: no MUI or router"],
  ['src/site/forms/ui/example.tsx', "import { styled as value } from '@mui/material/styles';", "runs in the visitor's browser: no MUI or router"],
  ['src/site/islands/example.tsx', "import { Link as value } from 'react-router-dom';", "runs in the visitor's browser: no MUI or router"],
  ['src/site/islands/example.tsx', "import { useId as value } from 'react';", 'must not use useId'],
  ['src/site/islands/example.tsx', "import { FaqSection as value } from '../sections/faq/FaqSection';", 'must not import a page room'],
  ['src/site/forms/ui/example.tsx', "import { Island as value } from '../../ui/Island';", 'must not import a page room'],
  ['src/site/main.tsx', "import { AppProviders as value } from './app/App';", 'must not import a page room'],
  ['src/site/islands/example.tsx', "import value from '@mui/material/SvgIcon';", "runs in the visitor's browser: no MUI or router"],
  ['src/site/app/example.ts', "import { AdminApp as value } from '../../apps/inbox/AdminApp';", "must not import the agency's inbox"],
  ['src/site/islands/example.tsx', "import { LeadList as value } from '../../leads/inbox/LeadList';", "must not import the agency's inbox"],
  ['src/site/main.tsx', "import { ContentScreens as value } from '../content/editor/ContentScreens';", "must not import the agency's inbox"],
  ['src/apps/server/example.ts', "import { AdminApp as value } from '../inbox/AdminApp';", 'must not import a browser folder'],
  ['src/schema/example.ts', "import { resolvePath as value } from '../site/model/routing';", 'imports nothing above it'],
  ['src/schema/example.ts', "import { api as value } from '../platform/api';", 'imports nothing above it'],
  ['src/schema/example.ts', "import value from '../../config/site';", 'config/ neither'],
  ['src/leads/server/example.ts', "import { buildApp as value } from '../../apps/server/app';", 'nothing below imports it'],
  ['src/leads/inbox/example.tsx', "import { AdminApp as value } from '../../apps/inbox/AdminApp';", 'nothing below imports it'],
  ['src/leads/server/example.ts', "import value from '../../../config/pages/home';", 'read through its registries only'],
  ['src/content/model/example.ts', "import value from '../../../config/forms/contact';", 'read through its registries only'],
  ['src/site/layout/example.tsx', "import value from '../../../config/site';", 'reads config/site.ts with useSite()'],
  ['src/site/forms/submit/example.ts', "import value from '../../../../config/server';", 'holds only a part of config/site.ts and config/server.ts'],
  ['src/site/islands/example.tsx', "import value from '../../../config/site';", 'holds only a part of config/site.ts and config/server.ts'],
] as const;

const allowed = [
  ['src/leads/server/example.ts', "import { resolvePath as value } from '../../site/model/routing';"],
  ['src/leads/server/example.ts', "import { formForCollection as value } from '../../site/forms/model/registry';"],
  ['src/deploy/example.ts', "import { CACHE_CONTROL as value } from '../site/model/caching';"],
  ['src/render/example.ts', "import { rulesProblems as value } from '../deploy/deployFiles';"],
  ['src/render/example.ts', "import { loadConfigFolder as value } from '../content/server/configFolder';"],
  ['src/site/server/example.ts', "import { SITE_MANIFEST_FILE as value } from '../model/siteManifest';"],
  ['src/content/model/example.ts', "import { sectionSchemas as value } from '../../site/sections/schemas';"],
  ['src/content/model/example.ts', "import { heroSchema as value } from '../../site/sections/hero/schema';"],
  ['src/site/forms/ui/example.tsx', "import { formNamed as value } from '../model/registry';"],
  ['src/leads/server/example.test.ts', "import { validData as value } from '../../test/formFixtures';"],
  ['src/leads/server/example.test.ts', "import { buildApp as value } from '../../apps/server/app';"],
  ['src/leads/server/example.test.ts', "import value from '../../../config/pages/home';"],
  ['src/schema/example.test.ts', "import { resolvePath as value } from '../site/model/routing';"],
  ['src/site/forms/model/example.ts', "import value from '../../../../config/forms';"],
  ['src/site/app/example.ts', "import value from 'react';"],
  ['src/site/islands/example.tsx', "import value from '@emotion/styled';"],
  ['src/site/forms/submit/example.ts', "import value from '../../model/builtServerSettings';"],
  ['src/site/forms/submit/example.test.ts', "import value from '../../../../config/server';"],
  ['src/site/ui/example.tsx', "import { loadedIsland as value } from '../islands/loaded';"],
  ['src/site/sections/example.tsx', "import value from '@mui/material/Box';"],
  ['src/apps/inbox/example.ts', "import { pageNonce as value } from '../../site/islands/cspNonce';"],
  ['src/leads/inbox/example.ts', "import { adminRoutes as value } from './platform/inboxRoutes';"],
  ['src/leads/inbox/example.tsx', "import value from '@mui/x-data-grid';"],
  ['src/content/editor/example.tsx', "import { sectionRenderers as value } from '../../site/sections/registry';"],
  ['src/apps/inbox/example.tsx', "import { createSiteTheme as value } from '../../site/theme';"],
  ['src/apps/server/example.ts', "import { contentHandlers as value } from '../../content/server';"],
] as const;

const fn = (lines: number) =>
  `export function long() {\n${Array.from({ length: lines - 2 }, (_, i) => `  console.log(${i});`).join('\n')}\n}\nconst value = long;`;
/** A function over 150 lines and one of 150, linted with the cases above (one ESLint process for all). */
const lengths = [
  ['src/leads/server/example.ts', fn(151)],
  ['src/leads/inbox/example.tsx', fn(150)],
] as const;

let results: string[][] = [];
beforeAll(() => {
  results = lintAll([...forbidden, ...allowed, ...lengths]);
}, 60_000);

describe('walls between rooms', () => {
  it('a function over 150 lines is refused, one of 150 is not', () => {
    const [over, at] = results.slice(forbidden.length + allowed.length);
    expect(over).toEqual([expect.stringContaining('max-lines-per-function')]);
    expect(at).toEqual([]);
  });

  it.each(forbidden.map((c, i) => [...c, i] as const))('%s may not: %s', (_file, _code, wall, i) => {
    expect(results[i]?.some((p) => p.includes(wall))).toBe(true);
  });

  it.each(allowed.map((c, i) => [...c, forbidden.length + i] as const))('%s may: %s', (_file, _code, i) => {
    expect(results[i]).toEqual([]);
  });
});
