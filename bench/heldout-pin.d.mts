export declare const PIN_FILE: string;
export declare function hiddenTestsDigest(corpus: string): string;
export declare function heldoutPinProblem(corpus: string): string | undefined;
