// The sheet's offline sync alone: its sends, pings and conflict choices are promises each test
// answers by hand, the browser's navigator.onLine is a flag, and time is a SimulatedClock.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { SUCCESS_MODAL_MS } from '../components/form/form-result.ts'
import {
  connectionOf,
  PINGS_ON_ONLINE,
  RETRY_ONLINE_MS,
  sheetSyncMachine,
  type PingOutcome,
  type ResolveInput,
  type SendInput,
  type SendOutcome,
  type SheetConflict,
  type SheetSyncSnapshot,
} from './sheet-sync.machine.ts'

const SYNC_EVERY = 60_000
const PING_EVERY = 60_000
const conflict: SheetConflict = { version: 4, server: { sampled_by: 'Office' }, differences: [{ name: 'sampled_by', label: 'Sampled By', mine: 'Phone', server: 'Office' }] }

/** Lets the answered promises reach the machine (the clock is simulated; real timers still run). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

interface Call<I, O> {
  input: I
  answer: (output: O) => Promise<void>
}

function sync(options: { browserOnline?: boolean } = {}) {
  const clock = new SimulatedClock()
  const browser = { online: options.browserOnline ?? true }
  const sends: Call<SendInput, SendOutcome>[] = []
  const pings: Call<undefined, PingOutcome>[] = []
  const choices: Call<ResolveInput, boolean>[] = []
  const wentTo: string[] = []
  const call = <I, O>(calls: Call<I, O>[], input: I) =>
    new Promise<O>((resolve) => {
      calls.push({
        input,
        answer: (output) => {
          resolve(output)
          return settle()
        },
      })
    })
  const machine = sheetSyncMachine.provide({
    actors: {
      send: fromPromise(({ input }) => call(sends, input)),
      ping: fromPromise(() => call(pings, undefined)),
      resolve: fromPromise(({ input }) => call(choices, input)),
    },
    guards: { browserOnline: () => browser.online },
    actions: { goOn: ({ context }) => void wentTo.push(context.redirect ?? '') },
  })
  const actor = createActor(machine, { input: { syncEveryMs: SYNC_EVERY, pingEveryMs: PING_EVERY }, clock }).start()
  const last = <T>(calls: T[]) => {
    expect(calls.length).toBeGreaterThan(0)
    return calls[calls.length - 1]!
  }
  return {
    actor,
    clock,
    browser,
    sends,
    pings,
    choices,
    wentTo,
    send: actor.send,
    lastSend: () => last(sends),
    lastPing: () => last(pings),
    lastChoice: () => last(choices),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    /** each region's state, nested states dotted ('conflict.choosing') */
    at: () => regions(actor.getSnapshot()),
  }
}

function regions(snapshot: SheetSyncSnapshot): Record<string, string> {
  const name = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}.${name(v)}`)
          .join(',')
  const { connection, queue, send, check } = snapshot.value as Record<string, unknown>
  return { connection: name(connection), queue: name(queue), send: name(send), check: name(check) }
}

describe('sheet sync machine: opening', () => {
  it('starts online and idle, with nothing queued and no ping yet', () => {
    const s = sync()
    expect(s.at()).toEqual({ connection: 'online', queue: 'empty', send: 'idle', check: 'waiting' })
    expect(connectionOf(s.snapshot())).toBe('online')
    expect(s.sends).toHaveLength(0)
    expect(s.pings).toHaveLength(0)
  })

  it('opened with signal: pings at once, and once the server answers sends what waits, then says when it saved', async () => {
    const s = sync()
    s.send({ type: 'RESTORED', syncedAt: '2026-05-04T08:00:00.000Z', queued: false })
    expect(s.context().lastServerSave).toBe('2026-05-04T08:00:00.000Z')
    expect(s.at().check).toBe('pinging')
    await s.lastPing().answer({ type: 'REACHED', unsent: true })
    expect(s.at()).toMatchObject({ connection: 'online', send: 'saving', check: 'waiting' })
    expect(s.lastSend().input).toEqual({ refusedAt: null })
    await s.lastSend().answer({ type: 'SAVED', savedAt: '2026-05-04T09:30:00.000Z' })
    expect(s.at()).toMatchObject({ connection: 'online', send: 'idle' })
    expect(s.context().lastServerSave).toBe('2026-05-04T09:30:00.000Z')
  })

  it('opened with no signal: offline, with the queued submit it kept, and no ping', () => {
    const s = sync({ browserOnline: false })
    s.send({ type: 'RESTORED', syncedAt: null, queued: true })
    expect(s.at()).toEqual({ connection: 'offline', queue: 'queued', send: 'idle', check: 'waiting' })
    expect(connectionOf(s.snapshot())).toBe('offline')
    expect(s.context().lastServerSave).toBeNull()
    expect(s.pings).toHaveLength(0)
  })
})

describe('sheet sync machine: a submit with no signal', () => {
  it('is queued, and goes when the signal returns: submitted, the Success modal, then on to its page', async () => {
    const s = sync({ browserOnline: false })
    s.send({ type: 'RESTORED', syncedAt: null, queued: false })
    s.send({ type: 'SAVE', submit: true })
    expect(s.at()).toMatchObject({ connection: 'offline', queue: 'queued', send: 'idle' })
    expect(s.sends).toHaveLength(0)

    s.browser.online = true
    s.send({ type: 'BACK_ONLINE' })
    expect(s.at().check).toBe('pinging')
    await s.lastPing().answer({ type: 'REACHED', unsent: true })
    expect(s.at()).toMatchObject({ connection: 'online', queue: 'queued', send: 'saving' })
    await s.lastSend().answer({ type: 'SUBMITTED', redirect: '/pretreats' })
    expect(s.at()).toMatchObject({ connection: 'online', queue: 'empty', send: 'submitted' })
    expect(s.context().redirect).toBe('/pretreats')

    s.clock.increment(SUCCESS_MODAL_MS - 1)
    expect(s.wentTo).toEqual([])
    s.clock.increment(1)
    expect(s.wentTo).toEqual(['/pretreats'])
  })

  it('a save or submit with signal is sent at once', () => {
    const s = sync()
    s.send({ type: 'SAVE', submit: true })
    expect(s.at()).toMatchObject({ connection: 'online', queue: 'queued', send: 'saving' })
    expect(s.sends).toHaveLength(1)
  })

  it('a save with no signal says offline and sends nothing', () => {
    const s = sync({ browserOnline: false })
    s.send({ type: 'SAVE', submit: false })
    expect(s.at()).toMatchObject({ connection: 'offline', queue: 'empty', send: 'idle' })
    expect(s.sends).toHaveLength(0)
  })

  it('asked again while a send is on its way: sent once more right after, not twice at once', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    s.send({ type: 'SAVE', submit: true })
    s.send({ type: 'SYNC' })
    expect(s.sends).toHaveLength(1)
    await s.lastSend().answer({ type: 'SAVED', savedAt: '2026-05-04T09:30:00.000Z' })
    expect(s.at().send).toBe('saving')
    expect(s.sends).toHaveLength(2)
    await s.lastSend().answer({ type: 'SUBMITTED', redirect: '/pretreats' })
    expect(s.sends).toHaveLength(2)
    expect(s.at()).toMatchObject({ send: 'submitted', queue: 'empty' })
  })
})

describe('sheet sync machine: the server’s answers', () => {
  it('409: the conflict is shown and nothing is sent until the applicator chooses; then the choice is sent', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'CONFLICT', conflict })
    expect(s.at()).toMatchObject({ connection: 'online', send: 'conflict.choosing' })
    expect(s.context().conflict).toEqual(conflict)

    s.send({ type: 'SYNC' })
    s.clock.increment(SYNC_EVERY)
    expect(s.sends).toHaveLength(1)

    s.send({ type: 'RESOLVE', choice: 'mine' })
    expect(s.at().send).toBe('conflict.resolving')
    expect(s.lastChoice().input).toEqual({ choice: 'mine', conflict })
    await s.lastChoice().answer(true)
    expect(s.at().send).toBe('saving')
    expect(s.context().conflict).toBeNull()
    expect(s.sends).toHaveLength(2)
    await s.lastSend().answer({ type: 'SAVED', savedAt: '2026-05-04T09:31:00.000Z' })
    expect(s.at()).toMatchObject({ connection: 'online', send: 'idle' })
  })

  it('409: a choice that could not be applied leaves the dialog open', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'CONFLICT', conflict })
    s.send({ type: 'RESOLVE', choice: 'server' })
    expect(s.lastChoice().input.choice).toBe('server')
    await s.lastChoice().answer(false)
    expect(s.at().send).toBe('conflict.choosing')
    expect(s.context().conflict).toEqual(conflict)
  })

  it('409 with the same values: the draft moved onto the server’s version and goes again', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'REBASED' })
    expect(s.at().send).toBe('saving')
    expect(s.sends).toHaveLength(2)
  })

  it('400: refused as it stands; the queued submit waits no more and those values are not sent again until edited or submitted again', async () => {
    const s = sync({ browserOnline: false })
    s.send({ type: 'SAVE', submit: true })
    s.browser.online = true
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'REFUSED', savedLocallyAt: '2026-05-04T09:00:00.000Z' })
    expect(s.at()).toMatchObject({ connection: 'online', queue: 'empty', send: 'idle' })
    expect(s.context().refusedAt).toBe('2026-05-04T09:00:00.000Z')

    s.send({ type: 'SYNC' })
    expect(s.lastSend().input).toEqual({ refusedAt: '2026-05-04T09:00:00.000Z' })
    await s.lastSend().answer({ type: 'NOTHING_SENT' })

    s.send({ type: 'SAVE', submit: true })
    expect(s.context().refusedAt).toBeNull()
    expect(s.lastSend().input).toEqual({ refusedAt: null })
  })

  it('the checklist kept here refused: nothing waits, and the status line stays as it was', async () => {
    const s = sync()
    s.send({ type: 'SAVE', submit: true })
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: false })
    expect(s.at()).toMatchObject({ connection: 'failed', queue: 'queued' })
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'CHECKLIST_REFUSED' })
    expect(s.at()).toMatchObject({ connection: 'failed', queue: 'empty', send: 'idle' })
  })

  it('no answer with the browser offline: offline; with the browser online, or a failure: sync failed', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    s.browser.online = false
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: true })
    expect(s.at()).toMatchObject({ connection: 'offline', send: 'idle' })

    s.browser.online = true
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: true })
    expect(connectionOf(s.snapshot())).toBe('failed')

    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'SAVED', savedAt: '2026-05-04T09:32:00.000Z' })
    expect(connectionOf(s.snapshot())).toBe('online')
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: false })
    expect(connectionOf(s.snapshot())).toBe('failed')
  })

  it('a failed sync stays said while the sheet holds what was not sent, though the server answers pings; retried, it goes', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: false })
    s.send({ type: 'CHECK' })
    await s.lastPing().answer({ type: 'REACHED', unsent: true })
    expect(s.at()).toMatchObject({ connection: 'failed', send: 'saving' })
    await s.lastSend().answer({ type: 'SAVED', savedAt: '2026-05-04T09:33:00.000Z' })
    expect(s.at().connection).toBe('online')
  })

  it('a failed sync with nothing left to send: the server is simply there', async () => {
    const s = sync()
    s.send({ type: 'SYNC' })
    await s.lastSend().answer({ type: 'SEND_FAILED', unreachable: false })
    s.send({ type: 'CHECK' })
    await s.lastPing().answer({ type: 'REACHED', unsent: false })
    expect(s.at().connection).toBe('online')
  })

  it('a send that throws (the draft could not be written) leaves the status as it was and takes the next ask', async () => {
    let tries = 0
    const machine = sheetSyncMachine.provide({ actors: { send: fromPromise(async () => (tries++, Promise.reject(new Error('QuotaExceededError')))) } })
    const actor = createActor(machine, { input: { syncEveryMs: SYNC_EVERY, pingEveryMs: PING_EVERY }, clock: new SimulatedClock() }).start()
    actor.send({ type: 'SYNC' })
    await settle()
    expect(regions(actor.getSnapshot())).toMatchObject({ connection: 'online', send: 'idle' })
    actor.send({ type: 'SYNC' })
    await settle()
    expect(tries).toBe(2)
    actor.stop()
  })
})

describe('sheet sync machine: the network', () => {
  it('the browser going offline, and a checklist kept with no signal, say offline', () => {
    const s = sync()
    s.send({ type: 'WENT_OFFLINE' })
    expect(s.at().connection).toBe('offline')
    const t = sync()
    t.send({ type: 'CHECKLIST_KEPT' })
    expect(t.at().connection).toBe('offline')
  })

  it('a ping unanswered says offline', async () => {
    const s = sync()
    s.send({ type: 'CHECK' })
    await s.lastPing().answer({ type: 'UNREACHED' })
    expect(s.at()).toMatchObject({ connection: 'offline', check: 'waiting', send: 'idle' })
  })

  it('back online: pings up to 5 times, 2 s apart, until the server answers', async () => {
    const s = sync({ browserOnline: false })
    s.send({ type: 'WENT_OFFLINE' })
    s.browser.online = true
    s.send({ type: 'BACK_ONLINE' })
    for (let ping = 1; ping < PINGS_ON_ONLINE; ping++) {
      await s.lastPing().answer({ type: 'UNREACHED' })
      expect(s.at().check).toBe('retrying')
      s.clock.increment(RETRY_ONLINE_MS - 1)
      expect(s.pings).toHaveLength(ping)
      s.clock.increment(1)
      expect(s.at().check).toBe('pinging')
    }
    expect(s.pings).toHaveLength(PINGS_ON_ONLINE)
    await s.lastPing().answer({ type: 'UNREACHED' })
    expect(s.at()).toMatchObject({ connection: 'offline', check: 'waiting' })
    s.clock.increment(RETRY_ONLINE_MS)
    expect(s.pings).toHaveLength(PINGS_ON_ONLINE)
  })

  it('back online, then reached on a retry: online, and what waits is sent', async () => {
    const s = sync()
    s.send({ type: 'BACK_ONLINE' })
    await s.lastPing().answer({ type: 'UNREACHED' })
    s.clock.increment(RETRY_ONLINE_MS)
    await s.lastPing().answer({ type: 'REACHED', unsent: true })
    expect(s.at()).toMatchObject({ connection: 'online', check: 'waiting', send: 'saving' })
  })

  it('back online, but the browser says offline again: no more pings', async () => {
    const s = sync()
    s.send({ type: 'BACK_ONLINE' })
    s.browser.online = false
    await s.lastPing().answer({ type: 'UNREACHED' })
    expect(s.at().check).toBe('waiting')
  })

  it('back online while a ping is on its way: the ping starts over, with all its retries', async () => {
    const s = sync()
    s.send({ type: 'CHECK' })
    s.send({ type: 'BACK_ONLINE' })
    expect(s.pings).toHaveLength(2)
    expect(s.context().pingsLeft).toBe(PINGS_ON_ONLINE)
    await s.pings[0]!.answer({ type: 'REACHED', unsent: false })
    expect(s.at().check).toBe('pinging')
  })
})

describe('sheet sync machine: its timers', () => {
  it('pings every pingEveryMs; an unanswered periodic ping is not retried', async () => {
    const s = sync()
    s.clock.increment(PING_EVERY - 1)
    expect(s.pings).toHaveLength(0)
    s.clock.increment(1)
    expect(s.pings).toHaveLength(1)
    await s.lastPing().answer({ type: 'UNREACHED' })
    expect(s.at().check).toBe('waiting')
    s.clock.increment(PING_EVERY)
    expect(s.pings).toHaveLength(2)
  })

  it('sends every syncEveryMs while the browser is online, and skips the turns it is not', async () => {
    const s = sync({ browserOnline: false })
    s.clock.increment(SYNC_EVERY)
    expect(s.sends).toHaveLength(0)
    s.browser.online = true
    s.clock.increment(SYNC_EVERY)
    expect(s.sends).toHaveLength(1)
    await s.lastSend().answer({ type: 'NOTHING_SENT' })
    expect(s.at().send).toBe('idle')
    s.clock.increment(SYNC_EVERY)
    expect(s.sends).toHaveLength(2)
  })

  it('the status line shows a refusal the page does not show itself', () => {
    const s = sync()
    s.send({ type: 'SHOW_REFUSAL', message: 'Form is incomplete or invalid.' })
    expect(s.context().message).toBe('Form is incomplete or invalid.')
    s.send({ type: 'SHOW_REFUSAL', message: null })
    expect(s.context().message).toBeNull()
  })
})
