export declare const SUBJECT_MAX: number;
export declare function commitMessageProblems(message: string): string[];
