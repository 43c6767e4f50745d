// Add Contact and the Customer Notes Form: a contact of an active grower, and a note about one of
// the company's active contacts, written (and so last changed) by the actor now.
import { z } from 'zod'
import { InputError } from '#core/errors.ts'
import { ContactSchema, ContactReportsSchema, normalizePhone } from '#core/schemas/contact.ts'
import { ForbiddenError } from '#core/errors.ts'
import { hasPermission } from '#core/permissions.ts'
import { CONTACT_CHOICE_MESSAGE, InteractionSchema } from '#core/schemas/interaction.ts'
import { COMPANY_CHOICE_MESSAGE } from '#core/schemas/place.ts'
import { growerById } from '#db/queries/companies.ts'
import { insertContact, setReceivesReports } from '#db/queries/contacts.ts'
import { activeContactOf, insertInteraction } from '#db/queries/interactions.ts'
import { defineCommand } from './command.ts'

export const NOT_OF_COMPANY = "Choose one of this company's contacts."
export const MAY_NOT_CHANGE_CONTACTS = 'Only users who may add contacts may change who receives reports; nothing was changed.'

export const addContact = defineCommand({
  name: 'contacts.add',
  schema: ContactSchema,
  async run(trx, _actor, value) {
    if (!(await growerById(trx, value.company_id, { activeOnly: true }))) throw new InputError({ company_id: COMPANY_CHOICE_MESSAGE })
    const id = await insertContact(trx, {
      submission_id: value.submission_id,
      company_id: value.company_id,
      name: value.name,
      email: value.email,
      phone: normalizePhone(value.phone) ?? '',
      role: value.role,
      active: value.active,
      receives_reports: value.receives_reports,
      notes: value.notes,
      contact_interval: value.contact_interval,
    })
    return { id }
  },
})

export const addCustomerNote = defineCommand({
  name: 'customer-notes.add',
  // company_id: the company the page's address names, set by the route
  schema: InteractionSchema.extend({ company_id: z.number().int() }),
  async run(trx, actor, value) {
    const contact = await activeContactOf(trx, value.company_id, value.contact_id)
    if (!contact) throw new InputError({ contact_id: value.contact_id > 0 ? NOT_OF_COMPANY : CONTACT_CHOICE_MESSAGE })
    const id = await insertInteraction(trx, {
      submission_id: value.submission_id,
      company_id: value.company_id,
      contact_id: contact.id,
      notes: value.notes,
      created_by: actor.id,
      last_modified_by: actor.id,
    })
    return { id }
  },
})

/**
 * Beyond the spec (issue 23): whether one of the grower's contacts receives the grower's reports by
 * e-mail, switched from Company Contacts by users who may add contacts.
 */
export const setContactReports = defineCommand({
  name: 'contacts.set-reports',
  // company_id: the company the page's address names, set by the route
  schema: ContactReportsSchema.extend({ company_id: z.number().int() }),
  async run(trx, actor, value) {
    if (!hasPermission(actor, 'api.add_contact')) throw new ForbiddenError(MAY_NOT_CHANGE_CONTACTS)
    if (!(await setReceivesReports(trx, value.company_id, value.contact_id, value.receives_reports === 'yes'))) throw new InputError({ contact_id: NOT_OF_COMPANY })
    return { contact_id: value.contact_id }
  },
})
