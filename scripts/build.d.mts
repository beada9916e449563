// Types of scripts/build.mjs for the TypeScript files that import it (bench, tests).
export declare const ROOT: string;
export declare const DIST: string;
export declare function isBuilt(): boolean;
export declare function build(): Promise<void>;
export declare function ensureBuilt(): Promise<void>;
