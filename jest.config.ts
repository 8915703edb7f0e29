/** @jest-config-loader esbuild-register */
/**
 * Unit tests: `npx jest` (or `npm run test:unit`).
 * - *.test.ts run in Node (schemas, the config checker, routing, forms logic, the server);
 * - *.test.tsx run in jsdom with Testing Library's matchers (components).
 * Both are compiled by SWC: TypeScript with JSX, React's automatic runtime; the code's files after
 * vite's eager import.meta.glob is written out as vite's build writes it (scripts/lib/jestImportGlob.mjs).
 * Browser tests in e2e/ run with Playwright, not here.
 */
import os from 'node:os';
import type { Config } from 'jest';

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
} as const;
const swc = ['@swc/jest', swcOptions] as const;
const swcWithGlobs = ['<rootDir>/scripts/lib/jestImportGlob.mjs', swcOptions] as const;

const shared = {
  // .mjs too: the scripts' shared helpers (scripts/lib/*.mjs) are plain ES modules.
  transform: { '^.+\\.(t|j)sx?$': swcWithGlobs, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json'],
  // No component imports pictures or style sheets (pictures are files in public/ named by
  // config), so no moduleNameMapper for assets is needed.
  // @fastify/cookie (the inbox's sessions) loads cookie with import(), which jest's CommonJS
  // cannot run: SWC compiles it, and its import() becomes a require(). magicast (the content
  // editor's file writer) is published as ESM only: compiled too. So are Lexical (the articles'
  // rich-text box) and the signals it uses.
  transformIgnorePatterns: ['/node_modules/(?!(@fastify/cookie|magicast|lexical|@lexical|@preact/signals-core)/)'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/', '<rootDir>/dist/', '/\\.tmp-'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp-'],
};

const config: Config = {
  // A test's time limit only stops a test that hangs; it is no measure of speed (that is the
  // benchmarks' business: docs/performance.md). Jest's 5 s, a busy machine's DOM tests outlast.
  testTimeout: 60_000,
  // One worker more than the cores: about half of jest's CPU is in the processes the tests start
  // (built servers, builds, git), and a worker waiting on one leaves its core to the others. On
  // a 2-core machine (CI's) three workers end the run about a tenth sooner than two (158.6 s
  // against 179.9 s, one after the other on a quiet machine); jest's default, one fewer than the
  // cores, runs one file at a time there.
  maxWorkers: os.availableParallelism() + 1,
  // The longest files first, a fresh clone's too (whose files Jest has no time for yet): no worker
  // is left alone with a long file at the end.
  testSequencer: '<rootDir>/scripts/lib/jestSequencer.mjs',
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setupDom.ts'],
    },
  ],
};

export default config;
