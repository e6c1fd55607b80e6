// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Percentiles = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
  };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  };
  export type Instance = PromiseLike<Result> & {
    stop(): void;
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
