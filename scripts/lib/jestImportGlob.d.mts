export declare function filesMatching(dir: string, pattern: string): string[];
export declare function expandImportGlobs(source: string, file: string): string;
/** What the tests use of a Jest transformer (@jest/transform's SyncTransformer). */
interface Transformer {
  process(source: string, file: string, options: object): { code: string };
  getCacheKey(source: string, file: string, options: object): string;
}
declare const transformer: { createTransformer(options: object): Transformer };
export default transformer;
