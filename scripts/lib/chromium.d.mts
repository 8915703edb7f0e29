export declare const DESKTOP: string;
export declare function isExecutable(file: string): boolean;
export declare function chromiumPath(options?: { headed?: boolean }): string;
export declare const LAUNCH_ARGS: string[];
