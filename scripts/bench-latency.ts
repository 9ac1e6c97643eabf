// What the compile and runtime benchmarks share: closed-loop clients on GET /v1/engine/version, and percentiles.

const CLIENTS = 4;

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const fmt = (xs: number[]) =>
  `n=${xs.length} p50 ${percentile(xs, 50).toFixed(1)} ms · p95 ${percentile(xs, 95).toFixed(1)} ms · p99 ${percentile(xs, 99).toFixed(1)} ms · max ${Math.max(...xs).toFixed(1)} ms`;

/** Closed-loop clients calling the route until `until()` says stop; every latency in ms. */
export async function sampleLatency(base: string, until: () => boolean) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!until()) {
        const t0 = performance.now();
        const res = await fetch(`${base}/v1/engine/version`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`engine version answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}
