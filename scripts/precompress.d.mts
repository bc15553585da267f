export declare const MIN_BYTES: number;
export declare const precompressDirectory: (dir: string, options?: { skipHtml?: boolean }) => Promise<{ files: number; copies: number }>;
