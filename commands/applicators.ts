// Add and Edit Applicator: an add makes an active user an applicator (one per user), an edit saves
// the applicator its page's address names (the route sets applicator_id, and the user stays). A
// user who is an applicator already is refused, unless that applicator holds exactly what is sent.
import { InputError } from '#core/errors.ts'
import { APPLICATOR_MESSAGES, ApplicatorSchema } from '#core/schemas/applicator.ts'
import { applicatorOfUser, insertApplicator, isActiveUser, updateApplicator } from '#db/queries/applicators.ts'
import { defineCommand } from './command.ts'

export const saveApplicator = defineCommand({
  name: 'applicators.save',
  schema: ApplicatorSchema,
  async run(trx, _actor, value) {
    const fields = { license: value.license, expiration: value.expiration, active: value.active }
    if (value.applicator_id !== undefined) {
      if (!(await updateApplicator(trx, value.applicator_id, fields))) throw new InputError({ applicator_id: APPLICATOR_MESSAGES.unknown })
      return { id: value.applicator_id }
    }
    if (value.user_id === undefined || !(await isActiveUser(trx, value.user_id))) throw new InputError({ user_id: APPLICATOR_MESSAGES.user })
    const id = await insertApplicator(trx, value.user_id, fields)
    if (id !== undefined) return { id }
    const existing = (await applicatorOfUser(trx, value.user_id))!
    if (existing.license === fields.license && existing.expiration === fields.expiration && existing.active === fields.active) return { id: existing.id }
    throw new InputError({ user_id: APPLICATOR_MESSAGES.already })
  },
})
