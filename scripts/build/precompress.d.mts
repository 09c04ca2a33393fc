/** Writes <file>.br and <file>.gz beside every text asset of at least 1 KB under `dir`. */
export declare function precompress(dir: string): { written: number; raw: number; br: number };
