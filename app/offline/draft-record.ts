// The rules of an offline draft, apart from IndexedDB and the page, so they can be tested alone
// (decision 0038). A draft is one form's values on this device, for one user.

export type FormValues = Record<string, string>

export interface DraftRecord {
  /** `${userId}:${draftKey}`: a shared phone keeps each user's drafts apart */
  key: string
  userId: number
  draftKey: string
  values: FormValues
  /** the server version these values were edited on (sent back as `version`) */
  baseVersion: number
  /** ISO: the last change on this device */
  savedLocallyAt: string
  /** ISO: when the server last took exactly these values (null: never) */
  syncedAt: string | null
  /** a submit made with no signal, sent once when back online (its id makes a replay harmless) */
  pendingSubmit?: { submissionId: string }
  /** the device's values set aside by "Use the server's", kept until a save succeeds */
  aside?: FormValues
  /** the final checklist as typed here since it was last saved (its own form and post) */
  checklist?: ChecklistDraft
  /** what the server answered a queued submit or checklist another page sent: shown when the sheet opens */
  refusal?: string
  /** the pre-treat's number as the sheet showed it (PT-26-000012), for the top bar's list */
  number?: string
}

export interface ChecklistDraft {
  values: FormValues
  /** ISO: the last change on this device */
  savedLocallyAt: string
  /** Save Checklist was pressed with no signal: sent when the server answers, before a queued submit */
  queued?: boolean
}

/** Fields a form carries that are not the user's: never kept in a draft nor compared. */
const NOT_VALUES = new Set(['csrf', 'version', 'intent', 'submission_id'])

export const draftRecordKey = (userId: number, draftKey: string) => `${userId}:${draftKey}`

/** The user's values of a form, as FormData holds them (the last of repeated names wins). */
export function valuesOf(entries: Iterable<[string, FormDataEntryValue]>): FormValues {
  const values: FormValues = {}
  for (const [name, value] of entries) if (!NOT_VALUES.has(name) && typeof value === 'string') values[name] = value
  return values
}

/** Changes on this device the server has not taken yet (a queued submit or checklist counts). */
export function isUnsynced(draft: DraftRecord): boolean {
  return sheetUnsynced(draft) || draft.checklist?.queued === true
}

/** The sheet's own values (not its checklist) hold what the server has not, or a submit waits. */
export function sheetUnsynced(draft: DraftRecord): boolean {
  return draft.pendingSubmit !== undefined || draft.syncedAt === null || draft.savedLocallyAt > draft.syncedAt
}

/** What the applicator asked to send and the server has not taken: a queued submit, a checklist saved with no signal. */
export function isWaiting(draft: DraftRecord): boolean {
  return draft.pendingSubmit !== undefined || draft.checklist?.queued === true
}

/**
 * What the outbox sends when the sheet is not open (its page sends its own): what isWaiting names,
 * and the sheet's edits the server has not taken — unless it refused them as they stand (the sheet
 * says why when opened; the next edit goes again).
 */
export function waitsWhenClosed(draft: DraftRecord): boolean {
  return isWaiting(draft) || (sheetUnsynced(draft) && draft.refusal === undefined)
}

/** The top bar's words for what waits ('1 waiting to send'); the outbox of a later issue keeps them. */
export function waitingText(count: number): string {
  return `${count} waiting to send`
}

/** '14:05', or '25 Nov 14:05' for another day: when something was queued, or how old a page read offline is. */
export function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso)
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString([], { day: 'numeric', month: 'short' })} ${time}`
}

/** The sheet a draft key names ('pretreat:12' → 12), whose JSON API takes its posts; null for another form. */
export function sheetIdOf(draftKey: string): number | null {
  const match = /^pretreat:(\d+)$/.exec(draftKey)
  return match ? Number(match[1]) : null
}

/**
 * Whether the page should show the draft rather than the copy it was served: when the draft holds
 * changes the server has not taken, or was synced on a newer version than the page (a page served
 * from the cache before the last sync).
 */
export function shouldRestore(draft: DraftRecord | undefined, pageVersion: number): draft is DraftRecord {
  return draft !== undefined && (isUnsynced(draft) || draft.baseVersion > pageVersion)
}

/** A change typed on this device. */
export function withEdit(draft: DraftRecord | undefined, base: { userId: number; draftKey: string; baseVersion: number }, values: FormValues, now: Date): DraftRecord {
  return {
    key: draftRecordKey(base.userId, base.draftKey),
    userId: base.userId,
    draftKey: base.draftKey,
    baseVersion: draft?.baseVersion ?? base.baseVersion,
    syncedAt: draft?.syncedAt ?? null,
    ...(draft?.pendingSubmit ? { pendingSubmit: draft.pendingSubmit } : {}),
    ...(draft?.aside ? { aside: draft.aside } : {}),
    ...(draft?.checklist ? { checklist: draft.checklist } : {}),
    values,
    savedLocallyAt: now.toISOString(),
  }
}

/**
 * A change typed in the final checklist. A sheet with no draft yet gets one holding the sheet's
 * values as the page shows them, taken as the server's (nothing of the sheet to send).
 */
export function withChecklistEdit(draft: DraftRecord | undefined, base: { userId: number; draftKey: string; baseVersion: number }, sheet: FormValues, values: FormValues, now: Date): DraftRecord {
  const at = now.toISOString()
  const record = draft ?? { ...withEdit(undefined, base, sheet, now), syncedAt: at }
  return { ...record, checklist: { ...record.checklist, values, savedLocallyAt: at } }
}

/** Save Checklist with no signal: the checklist waits to be sent. */
export function withQueuedChecklist(draft: DraftRecord): DraftRecord {
  return draft.checklist ? { ...draft, checklist: { ...draft.checklist, queued: true } } : draft
}

/** The server saved the checklist as sent: the copy here goes, unless it was changed meanwhile (then it is typed, not queued). */
export function afterChecklistSave(draft: DraftRecord, sentAt: string): DraftRecord {
  const { checklist, ...rest } = draft
  if (!checklist || checklist.savedLocallyAt === sentAt) return rest
  return { ...rest, checklist: { values: checklist.values, savedLocallyAt: checklist.savedLocallyAt } }
}

/**
 * The server refused what waited (400): nothing waits any more (an edit and a new press send it
 * again), and the message stays for the sheet to show.
 */
export function afterRefusal(draft: DraftRecord, part: 'sheet' | 'checklist', message: string): DraftRecord {
  const { pendingSubmit: _submit, ...rest } = draft
  if (part === 'sheet') return { ...rest, refusal: message }
  return { ...rest, refusal: message, ...(draft.checklist ? { checklist: { values: draft.checklist.values, savedLocallyAt: draft.checklist.savedLocallyAt } } : {}) }
}

export function withQueuedSubmit(draft: DraftRecord, submissionId: string): DraftRecord {
  return { ...draft, pendingSubmit: { submissionId } }
}

/**
 * The server took a save of `sent` (the values as they were sent) on `version`. An edit typed while
 * the request was on its way stays unsynced; what was set aside is no longer needed.
 */
export function afterSave(draft: DraftRecord, sent: { values: FormValues; savedLocallyAt: string }, answer: { version: number; savedAt: string }): DraftRecord {
  const { aside: _aside, ...rest } = draft
  const untouched = draft.savedLocallyAt === sent.savedLocallyAt
  return { ...rest, baseVersion: answer.version, syncedAt: untouched ? answer.savedAt : draft.syncedAt }
}

/** "Keep mine": the device's values go again, on the server's new version. */
export function keepMine(draft: DraftRecord, serverVersion: number): DraftRecord {
  return { ...draft, baseVersion: serverVersion }
}

/**
 * "Use the server's": the form takes the server copy (already on the server, so synced); the
 * device's values are set aside, not dropped, until a later save succeeds. A queued submit stays
 * queued: the user asked to submit, and now submits the server's values.
 */
export function takeServers(draft: DraftRecord, server: { values: FormValues; version: number }, now: Date): DraftRecord {
  const at = now.toISOString()
  return { ...draft, aside: draft.values, values: server.values, baseVersion: server.version, savedLocallyAt: at, syncedAt: draft.pendingSubmit ? null : at }
}

export interface FieldDifference {
  name: string
  mine: string
  server: string
}

/**
 * The sheet's fields where the device and the server disagree. The server's copy names the fields
 * (the form's own helpers, such as conform's `_enhanced`, are not the sheet's); absent reads as empty.
 */
export function differingFields(mine: FormValues, server: FormValues): FieldDifference[] {
  const names = Object.keys(server).filter((name) => !NOT_VALUES.has(name))
  return names.map((name) => ({ name, mine: mine[name] ?? '', server: server[name] ?? '' })).filter((d) => d.mine !== d.server)
}

export type Connection = 'online' | 'offline' | 'failed'

export const OFFLINE_TEXT = 'Offline — saved on this device'
export const SYNC_FAILED_TEXT = 'Sync failed — will retry'

/** HH:MM in local time. */
export function clockTime(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

/** The status line (issue 11's texts). Online with no server save yet says only 'Online'. */
export function statusText(connection: Connection, lastServerSave: Date | null): string {
  if (connection === 'offline') return OFFLINE_TEXT
  if (connection === 'failed') return SYNC_FAILED_TEXT
  return lastServerSave ? `Online — saved at ${clockTime(lastServerSave)}` : 'Online'
}

/** Same names with the same values, whatever their order. */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const names = Object.keys(a)
  return names.length === Object.keys(b).length && names.every((name) => b[name] === a[name])
}
