/** The part of autocannon 8's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    amount?: number;
    /** Seconds; ends the run (checked on whole-second ticks). */
    duration?: number;
    /** Caps the requests of the whole run (also checked on whole-second ticks). */
    maxOverallRequests?: number;
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  export interface Instance {
    stop(): void;
  }
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
