// The changes of a short list's admin screen (destinations, pre-written messages): one command per
// list, each taking the post of one of its buttons — add a row (last), save a row's text, move it
// up or down, deactivate or activate it. A row that is gone is a message about the whole list; a
// destination's name that another has (case ignored) is a message on the text.
import { InputError } from '#core/errors.ts'
import { DestinationFormSchema, MessageFormSchema, REGISTRY_MESSAGES, shortListAction, type ShortListInput } from '#core/schemas/registry.ts'
import { uniqueConstraint, type Executor } from '#db/client.server.ts'
import { insertShortListRow, renumberShortList, setShortListRowActive, shortListIdsForUpdate, updateShortListText, type ShortList } from '#db/queries/short-lists.ts'
import { defineCommand } from './command.ts'

export const SHORT_LIST_GONE = 'This row no longer exists. The list below is the current one.'

async function change(trx: Executor, list: ShortList, value: ShortListInput): Promise<{ id: number } | null> {
  const action = shortListAction(value.intent)
  const text = value.text.replace(/\r\n?/g, '\n') // a textarea sends CRLF; the form that copies a message wants plain lines
  if (action.kind === 'add') return { id: await insertShortListRow(trx, list, value.submission_id!, text) } // the schema asks a key of an add
  if (action.kind === 'save' || action.kind === 'activate' || action.kind === 'deactivate') {
    const found = action.kind === 'save' ? await updateShortListText(trx, list, action.id, text) : await setShortListRowActive(trx, list, action.id, action.kind === 'activate')
    if (!found) throw new InputError({ '': SHORT_LIST_GONE })
    return null
  }
  // a move renumbers the list 1…n with the row swapped with its neighbour, holding the list's rows,
  // so two moves at once cannot leave two rows on one position
  const ids = await shortListIdsForUpdate(trx, list)
  const at = ids.indexOf(action.id)
  if (at < 0) throw new InputError({ '': SHORT_LIST_GONE })
  const to = action.kind === 'up' ? at - 1 : at + 1
  if (to < 0 || to >= ids.length) return null // already first or last
  ;[ids[at], ids[to]] = [ids[to]!, ids[at]!]
  await renumberShortList(trx, list, ids)
  return null
}

function shortListCommand(list: ShortList, schema: typeof DestinationFormSchema) {
  return defineCommand({
    name: `${list}.change`,
    schema,
    async run(trx, _actor, value) {
      try {
        return await change(trx, list, value)
      } catch (error) {
        // the key a row already holds (made before commands) is runCommand's to answer
        const constraint = uniqueConstraint(error)
        if (constraint !== null && !constraint.endsWith('_submission_uq')) throw new InputError({ text: REGISTRY_MESSAGES.destination })
        throw error
      }
    },
  })
}

export const changeDestinations = shortListCommand('destinations', DestinationFormSchema)
export const changePretreatMessages = shortListCommand('pretreat_messages', MessageFormSchema)

/** Each list's command (ShortListScreenConfig names the list). */
export const SHORT_LIST_COMMANDS = { destinations: changeDestinations, pretreat_messages: changePretreatMessages } as const satisfies Record<ShortList, unknown>
