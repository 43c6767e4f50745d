// The form routes' door to app/command-answer.server.ts, where every command's answer is made
// (decision 0088): forms read and answer through these.
export { parseSubmission, refuseForm, submitCommand, submitForm } from './command-answer.server.ts'
