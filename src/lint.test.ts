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
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', linter], { cwd: root, input: JSON.stringify(cases.map(([file, code]) => [file, code])), encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

const forbidden = [
    ['src/server/example.ts', "import { createRoutes as value } from '../app/routes';", 'src/server runs in Node'],
    ['src/server/example.ts', "import { SmartLink as value } from '../ui/SmartLink';", "must not import the browser's src/site/ui"],
    ['src/server/example.ts', "import value from 'react';", 'no React, MUI'],
    ['src/server/nested/example.ts', "import { useSubmission as value } from '../../forms/submit/useSubmission';", "src/site/forms/submit"],
    ['src/deploy/example.ts', "import { buildApp as value } from '../server/app';", 'must not import the server'],
    ['src/render/example.ts', "import { Layout as value } from '../layout/Layout';", "src/site/layout"],
    ['src/render/example.ts', "import value from '@mui/material/Button';", 'no React, MUI'],
    ['src/shared/example.ts', "import { buildApp as value } from '../server/app';", 'must not import src/server'],
    ['src/server/example.ts', "import { renderSite as value } from '../build/render';", 'must not import the build'],
    ['src/render/example.ts', "import { openStore as value } from '../server/store';", 'The build must not import the server'],
    ['src/config/example.ts', "import { rulesProblems as value } from '../deploy/deployFiles';", 'must not import src/deploy'],
    ['src/site/forms/model/example.ts', "import { openStore as value } from '../../server/store';", 'must not import src/server'],
    ['src/shared/example.ts', "import { createLocalPort as value } from '../data/local';", 'src/site/data'],
    ['src/site/forms/model/example.ts', "import { FormRenderer as value } from '../ui/FormRenderer';", 'src/site/forms/ui'],
    ['src/site/forms/model/example.ts', "import { yupResolver as value } from '@hookform/resolvers/yup';", 'no React, MUI'],
    ['src/config/example.ts', "import { sectionRenderers as value } from '../sections/registry';", 'src/site/sections'],
    ['src/site/sections/hero/schema.ts', "import { Picture as value } from '../../ui/Picture';", 'read by the config checker in Node'],
    ['src/site/ui/example.ts', "import { Header as value } from '../layout/Header';", 'must not import the layout'],
    ['src/server/example.ts', "import { validData as value } from '../test/formFixtures';", 'for tests only'],
    ['src/site/forms/ui/example.tsx', "import { validData as value } from '../../test/formFixtures';", 'for tests only'],
    ['src/site/islands/example.tsx', "import value from '@mui/material/Button';", "runs in the visitor's browser: no MUI or router"],
    ['src/site/forms/ui/example.tsx', "import { styled as value } from '@mui/material/styles';", "runs in the visitor's browser: no MUI or router"],
    ['src/site/islands/example.tsx', "import { Link as value } from 'react-router-dom';", "runs in the visitor's browser: no MUI or router"],
    ['src/site/islands/example.tsx', "import { useId as value } from 'react';", 'must not use useId'],
    ['src/site/islands/example.tsx', "import { FaqSection as value } from '../sections/faq/FaqSection';", 'must not import a section'],
    ['src/site/forms/ui/example.tsx', "import { Island as value } from '../../ui/Island';", 'must not import src/site/ui'],
    ['src/site/main.tsx', "import { AppProviders as value } from './site/app/App';", 'must not import src/site/app'],
    ['src/site/islands/example.tsx', "import value from '@mui/material/SvgIcon';", "runs in the visitor's browser: no MUI or router"],
    ['src/site/app/example.ts', "import { AdminApp as value } from '../admin/AdminApp';", "must not import the agency's inbox"],
    ['src/site/islands/example.tsx', "import { AdminApp as value } from '../admin/AdminApp';", "must not import the agency's inbox"],
    ['src/site/main.tsx', "import { AdminApp as value } from './apps/inbox/AdminApp';", "must not import the agency's inbox"],
    ['src/server/example.ts', "import { AdminApp as value } from '../admin/AdminApp';", "must not import the browser's src/admin"],
] as const;

const allowed = [
    ['src/server/example.ts', "import { resolvePath as value } from '../shared/routing';"],
    ['src/server/example.ts', "import { formForCollection as value } from '../forms/model/registry';"],
    ['src/deploy/example.ts', "import { CACHE_CONTROL as value } from '../shared/caching';"],
    ['src/render/example.ts', "import { rulesProblems as value } from '../deploy/deployFiles';"],
    ['src/server/example.ts', "import { SITE_MANIFEST_FILE as value } from '../shared/siteManifest';"],
    ['src/config/example.ts', "import { sectionSchemas as value } from '../sections/schemas';"],
    ['src/site/forms/ui/example.tsx', "import { formNamed as value } from '../model/registry';"],
    ['src/server/example.test.ts', "import { validData as value } from '../test/formFixtures';"],
    ['src/site/app/example.ts', "import value from 'react';"],
    ['src/site/islands/example.tsx', "import value from '@emotion/styled';"],
    ['src/site/ui/example.tsx', "import { loadedIsland as value } from '../islands/loaded';"],
    ['src/site/sections/example.tsx', "import value from '@mui/material/Box';"],
    ['src/admin/example.ts', "import { pageNonce as value } from '../islands/cspNonce';"],
    ['src/admin/example.ts', "import { adminRoutes as value } from '../shared/adminApi';"],
    ['src/admin/example.tsx', "import value from '@mui/x-data-grid';"],
    ['src/admin/example.tsx', "import { createSiteTheme as value } from '../theme';"],
] as const;

let results: string[][] = [];
beforeAll(() => {
  results = lintAll([...forbidden, ...allowed]);
}, 60_000);

describe('walls between rooms', () => {
  it.each(forbidden.map((c, i) => [...c, i] as const))('%s may not: %s', (_file, _code, wall, i) => {
    expect(results[i]?.some((p) => p.includes(wall))).toBe(true);
  });

  it.each(allowed.map((c, i) => [...c, forbidden.length + i] as const))('%s may: %s', (_file, _code, i) => {
    expect(results[i]).toEqual([]);
  });
});
