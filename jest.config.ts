/** @jest-config-loader esbuild-register */
/**
 * Unit tests: `npx jest` (or `npm run test:unit`).
 * - *.test.ts run in Node (schemas, the config checker, routing, forms logic, the server);
 * - *.test.tsx run in jsdom with Testing Library's matchers (components).
 * Both are compiled by SWC: TypeScript with JSX, React's automatic runtime.
 * Browser tests in e2e/ run with Playwright, not here.
 */
import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
] as const;

const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json'],
  // No component imports pictures or style sheets (pictures are files in public/ named by
  // config), so no moduleNameMapper for assets is needed.
  // @fastify/static (loaded by src/server/app.ts) and Fastify's inject() require
  // content-disposition 3 and cookie 1, published as ESM only: SWC compiles them to CommonJS.
  // @fastify/cookie (the inbox's sessions) loads cookie 2 with import(), which jest's CommonJS
  // cannot run: compiled too, its import() becomes a require().
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@fastify/cookie)/)'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/', '<rootDir>/dist/', '/\\.tmp-'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp-'],
};

const config: Config = {
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
