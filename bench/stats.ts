// Small helpers for `npm run bench`: percentiles of timings, and the report table.

/** The p-th percentile (0 < p ≤ 100) of `samples`, nearest-rank method (a value that was measured). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export interface Timing {
  n: number
  p50: number
  p95: number
  max: number
}

export function summarize(samples: readonly number[]): Timing {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) }
}

/** Milliseconds taken by `fn` (high-resolution clock). */
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

/**
 * Times each of `fns` `n` times, side by side: `warmup` rounds first, then interleaved, rotating
 * which goes first, so background load hits every side alike. One Timing per fn, in order.
 */
export async function timeSideBySide(fns: readonly (() => Promise<unknown>)[], { n, warmup }: { n: number; warmup: number }): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn()
  const samples = fns.map(() => [] as number[])
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length
      samples[k]!.push(await timeMs(fns[k]!))
    }
  }
  return samples.map(summarize)
}

export const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
export const ratio = (value: number): string => `${value.toFixed(2)}×`

export type Verdict = 'PASS' | 'FAIL' | 'INFO' | 'ERROR'

export interface Figure {
  name: string
  measured: string
  limit: string
  verdict: Verdict
}

/** A plain-text table, one line per figure, columns padded to fit. */
export function table(figures: readonly Figure[]): string {
  const header: Figure = { name: 'figure', measured: 'measured', limit: 'limit', verdict: 'INFO' }
  const rows = [header, ...figures]
  const w = {
    name: Math.max(...rows.map((r) => r.name.length)),
    measured: Math.max(...rows.map((r) => r.measured.length)),
    limit: Math.max(...rows.map((r) => r.limit.length)),
  }
  const line = (r: Figure, verdict: string) => `${r.name.padEnd(w.name)}  ${r.measured.padEnd(w.measured)}  ${r.limit.padEnd(w.limit)}  ${verdict}`.trimEnd()
  const out = [line(header, 'result'), '-'.repeat(w.name + w.measured + w.limit + 12)]
  for (const r of figures) out.push(line(r, r.verdict === 'INFO' ? '' : r.verdict))
  return out.join('\n')
}
