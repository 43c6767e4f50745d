// A sheet as its forms hold it: flat { name: text } maps whose names are the inputs' names
// (core/schemas/pretreat-sheet.ts). Used to fill the forms, for the JSON API's 409 copy of the
// server's sheet, and by the offline code to fill the form from a copy. No server imports: the
// browser uses it. (The rules live in core/pretreat-sheet.ts, where the server's workflow reads
// them too, to tell what a save changed.)
export { changedValues, checklistFormValues, sheetFormValues, SHEET_FIELD_NAMES, type ChecklistColumns, type SheetColumns } from '#core/pretreat-sheet.ts'
