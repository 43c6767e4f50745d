// The texts of the place rule (where work happens: a customer and one of its storages, or a job,
// which fills both) and of images that are not the user's, for the schemas in the browser and the
// rules on the server (commands/rules.ts) alike.

/** A choice the place picker's fields or a posted id do not make. */
export const PLACE_MESSAGES = {
  company: 'Choose a customer from the list.',
  job: 'Choose a job number from the list.',
  storage: "Choose one of this customer's storages.",
} as const

/** Posted ids that do not agree with each other. */
export const PLACE_ID_MESSAGES = {
  job: "That job's customer and storage do not match the ones sent.",
  noStorage: 'Choose a storage.',
  storage: "That storage is not one of this customer's storages.",
} as const

/** The company picker's message: a name or id that names no active grower. */
export const COMPANY_CHOICE_MESSAGE = 'Choose a company from the list.'

/** An image id that is not one of the user's uploads of the form's area (or no longer exists). */
export const IMAGE_NOT_FOUND = 'An uploaded file could not be found. Please upload it again.'
