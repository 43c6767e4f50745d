// The drive's changes (the auditing screen and its JSON API, operations.md §7): create a folder,
// delete files, delete an empty folder. Each checks what it is given — names and keys by the rules
// of storage/drive-keys.ts, then what is there — and writes the rows through storage/drive.server.ts.
import { z } from 'zod'
import { ConflictError, InputError, NotFoundError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { checkFolderName, FOLDER_NAME_REQUIRED, parseFileKey, parseFolderKey, parsePrefix } from '#storage/drive-keys.ts'
import { deleteEmptyFolder, deleteStoredObjects, insertFolder, removeDriveFiles } from '#storage/drive.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { defineCommand, runCommand, type Actor } from './command.ts'

export const DRIVE_MESSAGES = {
  taken: (name: string) => `A file or folder named "${name}" already exists here.`,
  folderMissing: 'The folder does not exist.',
  notEmpty: 'The folder is not empty: delete its files and folders first.',
  /** parsePrefix's text for a folder that is not text at all */
  folderInvalid: 'The folder is not valid.',
} as const

/** Creates folder `f` (the name as typed) in folder `p` ('' or 'a/b/', as the page's ?p=; its missing folders too). */
export const createFolder = defineCommand({
  name: 'drive.create-folder',
  // the spec's body {f, p}; either may be left out (the root, a blank name)
  schema: z.object({ p: z.string({ error: DRIVE_MESSAGES.folderInvalid }).nullish(), f: z.string({ error: FOLDER_NAME_REQUIRED }).nullish() }),
  async run(trx, actor, input) {
    const parent = parsePrefix(input.p ?? '')
    if (!parent.ok) throw new InputError({ p: parent.error })
    const name = checkFolderName(input.f)
    if (!name.ok) throw new InputError({ f: name.error })
    const key = await insertFolder(trx, actor, parent.value, name.value)
    if (!key) throw new ConflictError(DRIVE_MESSAGES.taken(name.value))
    return { key }
  },
})

/** Deletes the folder at `k` ('a/b/', the slash optional), only when it is empty (spec §4). */
export const deleteFolder = defineCommand({
  name: 'drive.delete-folder',
  schema: z.object({ k: z.string() }),
  async run(trx, _actor, input) {
    const folder = parseFolderKey(input.k)
    if (!folder.ok) throw new InputError({ k: folder.error })
    const outcome = await deleteEmptyFolder(trx, folder.value)
    if (outcome === 'missing') throw new NotFoundError(DRIVE_MESSAGES.folderMissing)
    if (outcome === 'not_empty') throw new ConflictError(DRIVE_MESSAGES.notEmpty)
    return { deleted: folder.value }
  },
})

/**
 * Deletes the files at keys `k` (one transaction), with the PDFs derived from them; keys that name
 * no file are skipped. Answers the keys deleted and their stored objects' keys, which the caller
 * deletes after the commit: run it through deleteDriveFiles.
 */
export const deleteFiles = defineCommand({
  name: 'drive.delete-files',
  schema: z.object({ k: z.array(z.string()) }),
  async run(trx, _actor, input) {
    const files = input.k.map((key) => {
      const parsed = parseFileKey(key)
      if (!parsed.ok) throw new InputError({ k: parsed.error })
      return parsed.value
    })
    const removed = await removeDriveFiles(trx, getBlobStore(), files)
    return { deleted: removed.map((r) => r.key), objects: removed.map((r) => r.blobKey) }
  },
})

/**
 * The file delete as every caller runs it: the command, then, once it has committed, the stored
 * objects of the files it removed. Not inside the transaction: a commit that failed after them
 * would leave rows without their files; a delete that fails here is logged and leaves only an
 * orphan in the store. Not left to a job either: jobs/blob-cleanup.job.ts removes blob rows that no
 * record holds (with their objects), never an object without a row, so a skipped object would stay
 * for good. The same key again answers the same and deletes the same objects again (deleting a
 * missing object is no error), which also retries one whose delete failed.
 */
export async function deleteDriveFiles(db: Executor, call: { actor: Actor; key: string; input: z.output<typeof deleteFiles.schema> }): Promise<{ deleted: string[] }> {
  const { deleted, objects } = await runCommand(db, deleteFiles, call)
  await deleteStoredObjects(getBlobStore(), objects)
  return { deleted }
}
