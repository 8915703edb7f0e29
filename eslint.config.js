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
 * The walls between the rooms of src/ (docs/code-layout.md). The server, the deploy
 * generators, the build, and what they share with the browser (src/shared, src/config,
 * src/site/forms/model) run in Node: they never import React, MUI or a React room. The pages are
 * drawn with MUI at build time only (the page rooms); what runs in the visitor's browser (the
 * islands, the forms, the data port) never imports MUI, the router or a page room. Only tests
 * import the fixtures and fakes of src/test. src/lint.test.ts proves each wall holds.
 */
function roomWalls() {
  /** Drawn with React and MUI when the site is built (and by the dev server): never sent to the browser. */
  const pageRooms = ['app', 'layout', 'pages', 'sections', 'ui', 'entry-server.tsx', 'theme.ts'];
  /** What the visitor's browser runs: the islands and what they use. */
  const islandRooms = ['islands', 'forms/ui', 'forms/submit', 'data', 'main.tsx'];
  /** The agency's inbox (admin.html): a browser app of its own, with MUI, that no public page loads. */
  const inboxRooms = ['admin'];
  const browserRooms = [...pageRooms, ...islandRooms, ...inboxRooms];
  const nodeRooms = ['server', 'deploy', 'build', 'shared', 'config', 'forms/model'];
  const browserPackages = ['react', 'react-dom', 'react-router', 'react-router-dom', 'notistack', 'react-hook-form', 'firebase'];
  // A section type's config shape lives beside its renderer (src/site/sections/<type>/schema.ts):
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
    zone('server', 'build', 'The server must not import the build: it reads what the build wrote (the site manifest, src/site/model/siteManifest.ts).'),
    ...['shared', 'config', 'forms/model'].flatMap((target) =>
      ['server', 'build', 'deploy'].map((from) => zone(target, from, `src/${target} is what the server, the build and the deploy generators share: it must not import src/${from}.`)),
    ),
    ...islandRooms.flatMap((target) =>
      pageRooms.filter((from) => from !== 'sections').map((from) => zone(target, from, `src/${target} runs in the visitor's browser: it must not import src/${from}, which is drawn only when the site is built (with MUI).`)),
    ),
    ...islandRooms.map((target) => ({ ...zone(target, 'sections', `src/${target} runs in the visitor's browser: it must not import a section, which is drawn only when the site is built.`) })),
    // The agency's inbox is a browser app of its own (admin.html): no public page may pull it in.
    ...[...pageRooms, ...islandRooms].map((target) => zone(target, 'admin', `src/${target} is part of the public site: it must not import the agency's inbox (src/admin), which public pages never load.`)),
    zone('ui', 'layout', 'src/site/ui holds small pieces the layout and sections use: it must not import the layout.'),
    zone('ui', 'sections', 'src/site/ui holds small pieces the layout and sections use: it must not import a section.'),
  ];
  const testsOnly = { target: './src', from: './src/test', message: 'Fixtures and fakes (src/test) are for tests only.' };
  // The content editor's preview draws the layout and the sections with the draft site config (tests read the built one).
  const draftable = ['layout', 'sections'].map((target) => ({
    target: `./src/${target}`,
    from: './config/site.ts',
    message: `src/${target} reads config/site.ts with useSite() (src/site/ui/siteConfig.ts), so the content editor's preview can draw the draft: do not import it.`,
  }));
  const importWalls = (zones) => ({
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  });
  const islandFiles = islandRooms.map((room) => (room.endsWith('.tsx') ? `src/${room}` : `src/${room}/**/*.{ts,tsx}`));
  return [
    { files: ['src/**/*.{ts,tsx}'], ...importWalls([...walls, testsOnly, ...draftable]) },
    {
      files: islandFiles,
      ignores: ['src/**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@mui/*', 'react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
                message: 'This room runs in the visitor\'s browser: no MUI or router here (they would ship to every page). Style with @emotion/styled and src/site/islands/tokens.ts.',
              },
            ],
            paths: [{ name: 'react', importNames: ['useId'], message: 'An island must not use useId: its ids would differ from the page the server drew. Take them from the island\'s `instance` (or an idPrefix prop).' }],
          },
        ],
      },
    },
    // Tests may use the fixtures; the walls hold for them too.
    { files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'], ...importWalls(walls) },
    {
      files: [...nodeRooms.map((room) => `src/${room}/**/*.ts`), 'src/site/sections/schemas.ts', 'src/site/sections/*/schema.ts'],
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
