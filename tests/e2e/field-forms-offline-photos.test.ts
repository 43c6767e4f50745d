// Every field form that takes photos, through one outbox with no signal, its two camera-size photos made to
// travel (tests/support/field-forms-offline.ts; the forms without photos: field-forms-offline.test.ts).
import { useBrowserSuite } from '../support/browser-suite.ts'
import { describeEachFieldForm } from '../support/field-forms-offline.ts'

describeEachFieldForm(useBrowserSuite(), true)
