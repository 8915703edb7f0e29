/**
 * The Node versions package.json promises (`engines`) are ones every installed package accepts:
 * `npm install` then has no EBADENGINE warning on any of them. A dependency update that wants
 * a newer Node fails here, naming the package (pin or override it, or raise `engines` and the
 * README's prerequisite together).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { projectDir } from '../src/test/realConfig';

interface LockedPackage {
  engines?: { node?: string } | string[];
  /** Optional packages for one platform (sharp's prebuilt binaries): npm installs only the matching one. */
  os?: string[];
  cpu?: string[];
}

/** Whether npm would install it on this machine (the platforms this site runs on: Linux servers and CI). */
const installsHere = ({ os, cpu }: LockedPackage) => (!os || os.includes(process.platform)) && (!cpu || cpu.includes(process.arch));

const read = (file: string) => JSON.parse(readFileSync(path.join(projectDir, file), 'utf8')) as unknown;
const promised = (read('package.json') as { engines: { node: string } }).engines.node;
const locked = (read('package-lock.json') as { packages: Record<string, LockedPackage> }).packages;

it('every package in package-lock.json runs on every Node version package.json promises', () => {
  const refusing = Object.entries(locked).flatMap(([where, info]) => {
    if (!installsHere(info)) return [];
    const wanted = !info.engines || Array.isArray(info.engines) ? undefined : info.engines.node;
    return wanted && !semver.subset(promised, wanted) ? [`${where.replace(/^node_modules\//, '')} wants Node ${wanted}`] : [];
  });
  expect(refusing).toEqual([]);
});

it('the Node running the tests is one package.json promises', () => {
  expect([process.version, semver.satisfies(process.version, promised)]).toEqual([process.version, true]);
});
