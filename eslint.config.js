import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'screenshots/', 'test-results/', 'playwright-report/', 'coverage/', 'data/', '.tmp-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Components must be safe to render on a server: no window/document while rendering.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration > BlockStatement > VariableDeclaration MemberExpression[object.name=/^(window|document|localStorage|navigator)$/]',
          message: 'Reading window/document/localStorage/navigator while rendering breaks server rendering: do it in an effect or an event handler.',
        },
      ],
    },
  },
  ...roomWalls(),
);

/**
 * The walls between the rooms of src/ (README, "Layout of the code"). The server, the deploy
 * generators, the build, and what they share with the browser (src/shared, src/config,
 * src/forms/model) run in Node: they never import React, MUI or a browser-only room. Only
 * tests import the fixtures and fakes of src/test. src/lint.test.ts proves each wall holds.
 */
function roomWalls() {
  const browserRooms = ['app', 'boot', 'data', 'layout', 'pages', 'sections', 'ui', 'forms/ui', 'forms/submit', 'main.tsx', 'entry-server.tsx', 'theme.ts'];
  const nodeRooms = ['server', 'deploy', 'build', 'shared', 'config', 'forms/model'];
  const browserPackages = ['react', 'react-dom', 'react-router', 'react-router-dom', 'notistack', 'react-hook-form', 'firebase'];
  // A section type's config shape lives beside its renderer (src/sections/<type>/schema.ts):
  // the config checker reads it in Node, so those files follow the Node rooms' rules.
  const sectionSchemas = ['./schemas.ts', './*/schema.ts'];
  const zone = (target, from, message) => ({ target: `./src/${target}`, from: `./src/${from}`, message, ...(from === 'sections' ? { except: sectionSchemas } : {}) });
  const walls = [
    ...nodeRooms.flatMap((target) =>
      browserRooms.map((from) => zone(target, from, `src/${target} runs in Node (server, build, deploy): it must not import the browser's src/${from}. Move what both need to src/shared.`)),
    ),
    ...browserRooms.filter((room) => room !== 'sections').map((from) => ({ ...zone('sections/*/schema.ts', from, 'A section schema is read by the config checker in Node: it must not import browser code.') })),
    zone('deploy', 'server', 'The deploy generators must not import the server: what both need belongs in src/shared.'),
    zone('build', 'server', 'The build must not import the server: what both need belongs in src/shared.'),
    zone('server', 'build', 'The server must not import the build: it reads what the build wrote (the site manifest, src/shared/siteManifest.ts).'),
    ...['shared', 'config', 'forms/model'].flatMap((target) =>
      ['server', 'build', 'deploy'].map((from) => zone(target, from, `src/${target} is what the server, the build and the deploy generators share: it must not import src/${from}.`)),
    ),
    zone('ui', 'layout', 'src/ui holds small pieces the layout and sections use: it must not import the layout.'),
    zone('ui', 'sections', 'src/ui holds small pieces the layout and sections use: it must not import a section.'),
  ];
  const testsOnly = { target: './src', from: './src/test', message: 'Fixtures and fakes (src/test) are for tests only.' };
  const importWalls = (zones) => ({
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  });
  return [
    { files: ['src/**/*.{ts,tsx}'], ...importWalls([...walls, testsOnly]) },
    {
      // What the browser runs: the islands, the forms' code and the data port. Pages are drawn
      // with MUI on the server only (src/ui/Island.tsx, and FormSlot.tsx, which places a form).
      files: ['src/main.tsx', 'src/islands/**/*.{ts,tsx}', 'src/forms/ui/**/*.{ts,tsx}', 'src/forms/submit/**/*.{ts,tsx}', 'src/data/**/*.{ts,tsx}'],
      ignores: ['src/**/*.test.{ts,tsx}', 'src/forms/ui/FormSlot.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ group: ['@mui/*'], message: 'This code runs in the browser, which loads no MUI (it would not fit the budgets): style it with @emotion/styled and src/islands/tokens.ts.' }] },
        ],
      },
    },
    // Tests may use the fixtures; the walls hold for them too.
    { files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'], ...importWalls(walls) },
    {
      files: [...nodeRooms.map((room) => `src/${room}/**/*.ts`), 'src/sections/schemas.ts', 'src/sections/*/schema.ts'],
      ignores: ['src/**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [...browserPackages.flatMap((name) => [name, `${name}/*`]), '@mui/*', '@emotion/*', '@hookform/*'],
                message: 'This room runs in Node (server, build, deploy): no React, MUI, emotion or browser libraries here.',
              },
            ],
          },
        ],
      },
    },
  ];
}
