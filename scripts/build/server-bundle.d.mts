export declare const SERVER_BUNDLE: string;
export declare function buildServerBundle(): Promise<number>;
