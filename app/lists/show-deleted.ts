// "Show deleted" (issue 24, decision 0067): lists of records that may carry a delete mark (receipts,
// storage checks, customer notes) hide marked rows unless the URL asks for them with ?deleted=1,
// a checkbox of the list's GET form that the list's links then keep. Shared by the server (which
// list to read) and the toolbar (the checkbox).
export const SHOW_DELETED = { name: 'deleted', label: 'Show deleted' } as const

export function showsDeleted(params: URLSearchParams): boolean {
  return params.get(SHOW_DELETED.name) === '1'
}
