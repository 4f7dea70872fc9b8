// Types of scripts/test-host-network.mjs for the TypeScript that imports it (the media suite, the live bench).
export declare const TEST_HOST_ADDRESSES: Readonly<{ h0: string; h1: string }>;
export declare const TEST_HOST_NETWORK: string;
export declare const TEST_HOST_SHELL: string;
export declare const TEST_HOST_ENV: string;
export declare const TEST_HOST_UNAVAILABLE_ENV: string;
