// Every write the screens make goes through a command (commands/, decision 0056). Read from the
// source: a file of app/ imports no write from the layers below it — a function whose name says it
// writes (insert…, save…, create…, delete…, submit…, …) from db/queries, storage, workflows or
// jobs —, builds no insert, update or delete itself, and ends no form through submitForm
// (submitCommand runs the command). The writes of
// signing in and of the upload protocol are the app's machinery, not commands.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const WRITE =
  /^(insert|save|create|add|update|delete|set|submit|complete|assign|remove|void|keep|run|mark|start|reserve|settle|apply|queue|enqueue|request|edit|import|upsert|attach|detach|move|rename|approve|reject|store|put|discard|forget|clean)[A-Z]/
const LOWER = /^#(db\/queries|workflows|storage|jobs)\//

/** Writes that are the app's machinery, each with why it is not a command. */
const MACHINERY: Record<string, string> = {
  createSession: 'signing in makes the session the request then runs as',
  deleteSession: 'signing out',
  settleAttempt: 'the sign-in throttle (decision 0012)',
  startUploads: 'the upload protocol: its own keys and its own retries (storage/uploads.server.ts)',
  completeUploads: 'the upload protocol',
  storeUploadedFile: 'a file posted without JavaScript, stored as it arrives (app/upload-form.server.ts)',
  deleteIfUnattached: 'a refused form keeps none of the files it brought',
  reserveSheetNumber: 'the spec: the sheet number is assigned when the form opens',
  reservePretreatNumber: 'the spec: the pre-treat number is assigned when the form opens',
  queueGrowerReport: "a runCommand `then`: the report row is the command's; its PDF, printed from app/, and its e-mail job are queued in the command's transaction (decision 0065)",
}

/** The writes a file reaches outside a command: imported write functions, and submitForm calls. */
function writesOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  const writes: string[] = []
  for (const [, names = '', from = ''] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    if (!LOWER.test(from)) continue
    for (const entry of names.split(',')) {
      const name = entry.trim().split(/\s+as\s+/)[0]!
      if (name && !name.startsWith('type ') && WRITE.test(name) && !(name in MACHINERY)) writes.push(`${name} (${from})`)
    }
  }
  const code = text.split('\n').filter((line) => !/^\s*(\/\/|\*)/.test(line))
  if (file !== 'app/command-answer.server.ts' && code.some((line) => line.includes('submitForm('))) writes.push('submitForm')
  // a statement that writes, built in the file itself
  for (const line of code) for (const [call] of line.matchAll(/\.(insertInto|updateTable|deleteFrom|mergeInto)\(/g)) writes.push(call!)
  return writes
}

describe('writes go through commands', () => {
  const files = (fs.readdirSync(path.join(ROOT, 'app'), { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => `app/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))

  it('finds the write of a file that makes one (the check itself works)', () => {
    expect(writesOf('commands/users.ts')).toEqual(['insertUser (#db/queries/users.ts)', 'updateUser (#db/queries/users.ts)']) // a command: where writes are made
    expect(writesOf('commands/pretreat-schedule.ts')).toContain('.updateTable(')
    expect(writesOf('app/routes/receipt-form/data.server.ts')).toEqual([])
  })

  it('no file of app/ writes outside a command', () => {
    const writing = Object.fromEntries(files.map((f) => [f, writesOf(f)]).filter(([, w]) => w!.length > 0))
    expect(Object.keys(writing).map((f) => `${f}: ${writing[f]!.join(', ')}`)).toEqual([])
  })
})
