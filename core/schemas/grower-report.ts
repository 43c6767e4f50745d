// Sending a grower's report again (issue 23): the application record's page posts its submission id;
// the record the page's address names is set by the route.
import { z } from 'zod'
import { uuid } from './fields.ts'

export const ResendReportSchema = z.object({ submission_id: uuid() })
