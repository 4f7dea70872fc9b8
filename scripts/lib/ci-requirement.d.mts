// Types of scripts/lib/ci-requirement.mjs for the TypeScript that imports it (the media suite).
export declare function underCi(env?: NodeJS.ProcessEnv): boolean;
export declare function missingUnderCiMessage(what: string, missing: string): string;
export declare function skipUnlessCi(what: string, missing: string | undefined): boolean;
