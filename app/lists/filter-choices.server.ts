// The suggested values of a list's filter columns (the <datalist> under Filter value). They are
// hints only: the engine matches any part of a name. Kept for a minute per process so a list
// page costs its two list queries, not also one query per filter column.
import type { Executor } from '#db/client.server.ts'
import type { ListEngine } from './list-engine.server.ts'

const TTL_MS = 60_000

export function cachedFilterChoices<K extends string>(list: Pick<ListEngine<unknown, K>, 'choices'>, keys: readonly K[]) {
  let cached: { at: number; value: Promise<Record<K, string[]>> } | undefined
  return (db: Executor): Promise<Record<K, string[]>> => {
    if (!cached || Date.now() - cached.at > TTL_MS) {
      const value = Promise.all(keys.map(async (key) => [key, await list.choices(db, key)] as const)).then((pairs) => Object.fromEntries(pairs) as Record<K, string[]>)
      cached = { at: Date.now(), value }
      value.catch(() => (cached = undefined))
    }
    return cached.value
  }
}
