import type { Alias } from 'vite';
export declare const COMMITTED_DIR: string;
export declare function writeWidgetContract(options: { outDir: string; alias: Alias[] }): Promise<Array<{ tag: string; className: string; module: string }>>;
