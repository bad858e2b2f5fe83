// The slice of autocannon's API the benchmarks use (the package ships no types; @types/autocannon is not installed).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Called with each connection's client before it starts (its own requests, headers). */
    setupClient?: (client: Client) => void;
  }
  export interface Client {
    setRequests(requests: Request[]): void;
    setHeaders(headers: Record<string, string>): void;
  }
  /** What autocannon returns when given a callback: events as the run goes. */
  export interface Instance {
    on(event: 'response', fn: (client: Client, status: number, bytes: number, ms: number) => void): Instance;
    on(event: 'done', fn: (result: Result) => void): Instance;
    on(event: 'error', fn: (error: Error) => void): Instance;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
