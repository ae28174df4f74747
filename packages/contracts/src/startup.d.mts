export declare const STARTUP_FAILURE_EXIT_CODE: 78;
export declare const STARTUP_FAILURE_PREFIX: "Marquee cannot start: ";
export declare function listenProblem(
  err: unknown,
  where: { port: number | string; host: string | undefined; variable: string },
): string | null;
export declare function portProblem(port: number, host: string | undefined, variable: string): Promise<string | null>;
export declare function processAlive(pid: number): boolean;
export declare function lockHolder(file: string, graceMs?: number): Promise<number | null>;
