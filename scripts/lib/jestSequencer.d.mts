import type { Test } from '@jest/test-result';
import Sequencer from '@jest/test-sequencer';

export declare function declaredLimit(source: string): number;
export default class LongestFirst extends Sequencer {
  sort(tests: Array<Test>): Array<Test>;
}
