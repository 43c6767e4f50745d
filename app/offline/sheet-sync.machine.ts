// The application sheet's offline sync (decisions 0038, 0048) as one machine, so what the sheet
// shows and when it sends can be read, and tested, without a browser. Its parallel regions:
//
//   connection  online | offline | failed        the status line ('Online — saved at…', 'Offline…', 'Sync failed…')
//   queue       empty | queued                   a submit made with no signal waits to be sent
//   send        idle | saving | conflict | submitted
//               saving: what the draft holds goes to the server (one send at a time; asked again
//               meanwhile, it goes again right after); conflict: the applicator chooses a copy
//               (no send until then); submitted: the Success modal, then the page moves on
//   check       waiting | pinging | retrying     /api/ping; reached, it sends what waits. The browser's
//               'online' comes before the server can be reached: up to 5 pings, 2 s apart
//   pingClock, autosave                          a ping every minute; a send every `syncEveryMs` while the browser is online
//
// The machine does no I/O: the sheet (sheet-offline.tsx) provides the send, the ping and the
// conflict's choice as promise actors whose answers are this machine's events, `browserOnline`
// (navigator.onLine, read when an event needs it) and `goOn` (the navigation). Tests provide theirs.
// It lives here, not in workflows/: workflows/ holds the records' workflows, whose states the
// database stores and the server replays; this one is the device's, runs in the browser only, and
// reads the sheet's draft types and the Success modal's timing from app/.
import { and, assign, fromPromise, not, raise, setup, type SnapshotFrom } from 'xstate'
import { SUCCESS_MODAL_MS } from '../components/form/form-result.ts'
import type { ShownDifference } from './conflict-dialog.tsx'
import type { Connection, FormValues } from './draft-record.ts'

/** The browser's 'online' is followed by up to this many pings, RETRY_ONLINE_MS apart, until the server answers. */
export const PINGS_ON_ONLINE = 5
export const RETRY_ONLINE_MS = 2_000

/** A newer copy on the server while this device had edits: theirs, and the fields that differ. */
export interface SheetConflict {
  version: number
  server: FormValues
  differences: ShownDifference[]
}

/** What a send did (the sheet's send actor answers with one; the machine raises it). */
export type SendOutcome =
  /** the sheet's values are the server's, saved at `savedAt` */
  | { type: 'SAVED'; savedAt: string }
  /** the queued submit went: the draft is gone, the page goes on to `redirect` */
  | { type: 'SUBMITTED'; redirect: string }
  | { type: 'CONFLICT'; conflict: SheetConflict }
  /** the server already held these values on a newer version: the draft moved onto it, to go again */
  | { type: 'REBASED' }
  /** refused as it stands (the page shows why): the draft edited at `savedLocallyAt` is not sent again, nor the submit that waited */
  | { type: 'REFUSED'; savedLocallyAt: string }
  /** the checklist saved with no signal was refused: it waits no more, nor the submit after it */
  | { type: 'CHECKLIST_REFUSED' }
  /** no answer (`unreachable`), or a failure, a 401 or an answer that is not the API's */
  | { type: 'SEND_FAILED'; unreachable: boolean }
  /** nothing (more) to send */
  | { type: 'NOTHING_SENT' }

/** What a ping found: `unsent`, whether the sheet holds what the server has not. */
export type PingOutcome = { type: 'REACHED'; unsent: boolean } | { type: 'UNREACHED' }

export type ConflictChoice = 'mine' | 'server'

export type SheetSyncEvent =
  | SendOutcome
  | PingOutcome
  /** the sheet's draft was read from this device (`syncedAt`: its last server save; `queued`: a submit waits) */
  | { type: 'RESTORED'; syncedAt: string | null; queued: boolean }
  /** the sheet's Save with no signal, or its Submit, once its values are kept here (`submit`: the submit was queued) */
  | { type: 'SAVE'; submit: boolean }
  /** Save Checklist with no signal: the checklist was kept here */
  | { type: 'CHECKLIST_KEPT' }
  /** the browser said it went offline / came back online */
  | { type: 'WENT_OFFLINE' }
  | { type: 'BACK_ONLINE' }
  /** the applicator's choice in the conflict dialog */
  | { type: 'RESOLVE'; choice: ConflictChoice }
  /** a refusal to show on the status line (the page shows refusals itself when it can) */
  | { type: 'SHOW_REFUSAL'; message: string | null }
  /** send what waits (the autosave, a reached ping, a save with signal) */
  | { type: 'SYNC' }
  /** ping the server (every minute, and when the draft was read with signal) */
  | { type: 'CHECK' }

export interface SheetSyncInput {
  syncEveryMs: number
  pingEveryMs: number
}

export interface SheetSyncContext extends SheetSyncInput {
  /** ISO: when the server last saved the sheet (the status line's time) */
  lastServerSave: string | null
  conflict: SheetConflict | null
  /** where the page goes after a submit's Success modal */
  redirect: string | null
  /** a refusal the page does not show itself */
  message: string | null
  /** the draft's savedLocallyAt the server refused (400): not sent again until the next edit */
  refusedAt: string | null
  /** asked to send while a send was on its way (a Submit during a draft's save): sent right after it */
  sendAgain: boolean
  /** pings left before the browser's 'online' is given up on */
  pingsLeft: number
}

export interface SendInput {
  refusedAt: string | null
}

export interface ResolveInput {
  choice: ConflictChoice
  conflict: SheetConflict
}

/** Defaults that send nothing and reach nothing: the sheet provides the real ones, a test its own. */
const nothingSent = fromPromise<SendOutcome, SendInput>(async () => ({ type: 'NOTHING_SENT' }))
const unreached = fromPromise<PingOutcome>(async () => ({ type: 'UNREACHED' }))
/** true when the choice was applied to the draft and the form */
const unresolved = fromPromise<boolean, ResolveInput>(async () => false)

export const sheetSyncMachine = setup({
  types: {
    context: {} as SheetSyncContext,
    events: {} as SheetSyncEvent,
    input: {} as SheetSyncInput,
  },
  actors: { send: nothingSent, ping: unreached, resolve: unresolved },
  guards: {
    browserOnline: () => true,
    submits: ({ event }) => event.type === 'SAVE' && event.submit,
    restoredQueued: ({ event }) => event.type === 'RESTORED' && event.queued,
    unsent: ({ event }) => event.type === 'REACHED' && event.unsent,
    sendAgain: ({ context }) => context.sendAgain,
    unreachable: ({ event }) => event.type === 'SEND_FAILED' && event.unreachable,
    morePings: ({ context }) => context.pingsLeft > 1,
  },
  actions: {
    restoreLastSave: assign({ lastServerSave: ({ context, event }) => (event.type === 'RESTORED' && event.syncedAt) || context.lastServerSave }),
    /** after the Success modal: to context.redirect */
    goOn: () => {},
  },
  delays: {
    syncEvery: ({ context }) => context.syncEveryMs,
    pingEvery: ({ context }) => context.pingEveryMs,
    retryOnline: RETRY_ONLINE_MS,
    successModal: SUCCESS_MODAL_MS,
  },
}).createMachine({
  id: 'sheetSync',
  type: 'parallel',
  context: ({ input }) => ({ ...input, lastServerSave: null, conflict: null, redirect: null, message: null, refusedAt: null, sendAgain: false, pingsLeft: 0 }),
  on: {
    SHOW_REFUSAL: { actions: assign({ message: ({ event }) => event.message }) },
  },
  states: {
    connection: {
      initial: 'online',
      on: {
        // opened with signal, the server is asked at once
        RESTORED: [
          { guard: 'browserOnline', target: '.online', actions: ['restoreLastSave', raise({ type: 'CHECK' })] },
          { target: '.offline', actions: 'restoreLastSave' },
        ],
        SAVE: [{ guard: 'browserOnline', actions: raise({ type: 'SYNC' }) }, { target: '.offline' }],
        CHECKLIST_KEPT: '.offline',
        WENT_OFFLINE: '.offline',
        // a ping answered just after the browser said it went offline counts as unreached (the ping says so)
        UNREACHED: '.offline',
        REACHED: '.online',
        // the server answered a send
        SAVED: '.online',
        SUBMITTED: '.online',
        CONFLICT: '.online',
        REFUSED: '.online',
        // no answer with the browser offline is being offline; anything else is a failed sync
        SEND_FAILED: [{ guard: and(['unreachable', not('browserOnline')]), target: '.offline' }, { target: '.failed' }],
      },
      states: {
        online: {},
        offline: {},
        failed: {
          // a failed sync stays said until a send succeeds; with nothing to send the server is simply there
          on: { REACHED: { guard: 'unsent' } },
        },
      },
    },
    queue: {
      initial: 'empty',
      on: {
        // a new submit is sent even if the same values were refused before
        SAVE: { guard: 'submits', target: '.queued', actions: assign({ refusedAt: null }) },
        RESTORED: { guard: 'restoredQueued', target: '.queued' },
        SUBMITTED: '.empty',
        REFUSED: '.empty',
        CHECKLIST_REFUSED: '.empty',
      },
      states: { empty: {}, queued: {} },
    },
    send: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'sendAgain', target: 'saving' },
          on: { SYNC: 'saving' },
        },
        saving: {
          entry: assign({ sendAgain: false }),
          invoke: {
            src: 'send',
            input: ({ context }) => ({ refusedAt: context.refusedAt }),
            onDone: { actions: raise(({ event }) => event.output) },
            onError: 'idle',
          },
          on: {
            SYNC: { actions: assign({ sendAgain: true }) },
            SAVED: { target: 'idle', actions: assign({ lastServerSave: ({ event }) => event.savedAt }) },
            SUBMITTED: { target: 'submitted', actions: assign({ redirect: ({ event }) => event.redirect }) },
            CONFLICT: { target: 'conflict', actions: assign({ conflict: ({ event }) => event.conflict }) },
            REBASED: { target: 'saving', reenter: true },
            REFUSED: { target: 'idle', actions: assign({ refusedAt: ({ event }) => event.savedLocallyAt }) },
            CHECKLIST_REFUSED: 'idle',
            SEND_FAILED: 'idle',
            NOTHING_SENT: 'idle',
          },
        },
        conflict: {
          initial: 'choosing',
          states: {
            choosing: { on: { RESOLVE: 'resolving' } },
            resolving: {
              invoke: {
                src: 'resolve',
                input: ({ context, event }) => ({ choice: event.type === 'RESOLVE' ? event.choice : 'mine', conflict: context.conflict! }),
                onDone: [{ guard: ({ event }) => event.output, target: '#sheetSync.send.saving', actions: assign({ conflict: null }) }, { target: 'choosing' }],
                onError: 'choosing',
              },
            },
          },
        },
        submitted: {
          after: { successModal: { actions: 'goOn' } },
        },
      },
    },
    check: {
      initial: 'waiting',
      on: {
        BACK_ONLINE: { target: '.pinging', actions: assign({ pingsLeft: PINGS_ON_ONLINE }) },
      },
      states: {
        waiting: {
          on: { CHECK: { target: 'pinging', actions: assign({ pingsLeft: 1 }) } },
        },
        pinging: {
          invoke: { src: 'ping', onDone: { actions: raise(({ event }) => event.output) }, onError: 'waiting' },
          on: {
            REACHED: { target: 'waiting', actions: raise({ type: 'SYNC' }) },
            UNREACHED: [{ guard: and(['morePings', 'browserOnline']), target: 'retrying' }, { target: 'waiting' }],
          },
        },
        retrying: {
          after: { retryOnline: { target: 'pinging', actions: assign({ pingsLeft: ({ context }) => context.pingsLeft - 1 }) } },
          on: { CHECK: 'pinging' },
        },
      },
    },
    pingClock: {
      initial: 'ticking',
      states: {
        ticking: { after: { pingEvery: { target: 'ticking', reenter: true, actions: raise({ type: 'CHECK' }) } } },
      },
    },
    autosave: {
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            syncEvery: [
              { guard: 'browserOnline', target: 'ticking', reenter: true, actions: raise({ type: 'SYNC' }) },
              { target: 'ticking', reenter: true },
            ],
          },
        },
      },
    },
  },
})

export type SheetSyncSnapshot = SnapshotFrom<typeof sheetSyncMachine>

/** What the status line says. */
export function connectionOf(snapshot: SheetSyncSnapshot): Connection {
  if (snapshot.matches({ connection: 'offline' })) return 'offline'
  if (snapshot.matches({ connection: 'failed' })) return 'failed'
  return 'online'
}
