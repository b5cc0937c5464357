/** Load measurements with autocannon: a discarded warm-up, then the measured run. */
import autocannon from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  meanLatency: number;
  /** Answers other than 2xx, connection errors and timeouts: any of them spoils the figure. */
  failures: number;
  total: number;
};

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
};

function summarize(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    meanLatency: result.latency.average,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export async function measureLoad({ url, connections, seconds, warmupSeconds, method = "GET", body, headers = {} }: LoadOptions): Promise<LoadResult> {
  const options = { url, connections, method, body, headers, pipelining: 1 };
  // Warm-up: connections open, JIT warm, caches filled; its figures are thrown away.
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  return summarize(await autocannon({ ...options, duration: seconds }));
}

/** GETs a path a few times, one after the other, so the first render and the cache fill happen before measuring. */
export async function warmPath(baseUrl: string, path: string, times = 5): Promise<{ status: number; html: string }> {
  let last = { status: 0, html: "" };
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
    last = { status: response.status, html: await response.text() };
    if (response.status !== 200) break;
  }
  return last;
}
