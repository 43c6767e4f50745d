// The renderer's memory ceiling (docs/decisions/0080): every Chromium renderer process of the pool's
// browser is watched while the browser runs, and one whose resident memory passes the ceiling is
// killed. Each job has a browser context, and so a renderer, of its own: only the document that
// grew too large is stopped, and its job fails with a message (chromium-pool.server.ts).
// Linux only (/proc); elsewhere nothing is watched.
import fs from 'node:fs/promises'

/** The process ids under `pid` (children, grandchildren…), from /proc/<pid>/task/<tid>/children. */
async function descendants(pid: number): Promise<number[]> {
  const found: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    const parent = queue.shift()!
    const tasks = await fs.readdir(`/proc/${parent}/task`).catch(() => [] as string[])
    for (const task of tasks) {
      const children = await fs.readFile(`/proc/${parent}/task/${task}/children`, 'utf8').catch(() => '')
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child)
        queue.push(child)
      }
    }
  }
  return found
}

/** The renderer processes (--type=renderer) under the browser process `browserPid`. */
export async function rendererPids(browserPid: number): Promise<number[]> {
  const pids: number[] = []
  for (const pid of await descendants(browserPid)) {
    // a zygote's child rewrites its command line as one string (its arguments joined by spaces)
    const args = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (/(^|[\s\0])--type=renderer([\s\0]|$)/.test(args)) pids.push(pid)
  }
  return pids
}

/** A process's resident memory in bytes (VmRSS), or 0 when it is gone. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
  return kb ? Number(kb) * 1024 : 0
}

/**
 * Kills (SIGKILL) every renderer under `browserPid` whose resident memory is over `limitBytes`.
 * Returns how many were killed, and the largest resident size seen (a measure for the settings).
 */
export async function killRenderersOver(browserPid: number, limitBytes: number): Promise<{ killed: number; largest: number }> {
  let killed = 0
  let largest = 0
  for (const pid of await rendererPids(browserPid)) {
    const bytes = await residentBytes(pid)
    largest = Math.max(largest, bytes)
    if (bytes <= limitBytes) continue
    try {
      process.kill(pid, 'SIGKILL')
      killed++
    } catch {
      /* gone already, or not ours to kill (Chromium run as another user): the timeout still stops it */
    }
  }
  return { killed, largest }
}
