// Which drive files open in the viewer, for the server (app/drive-viewer.server.ts) and for the
// drive's page, which links a row's name only when it can be opened (a .server module cannot be
// imported by a component).

export type ViewerKind = 'pdf' | 'image' | 'docx'

const KINDS: Record<string, ViewerKind> = { pdf: 'pdf', png: 'image', jpeg: 'image', docx: 'docx' }

/** How a drive file of this type label is shown, or null when it cannot be opened. */
export function viewerKind(fileType: string): ViewerKind | null {
  return Object.hasOwn(KINDS, fileType) ? KINDS[fileType]! : null
}

/** Types a row can be opened in: pdf, docx, png (and jpeg). */
export function isOpenable(fileType: string): boolean {
  return viewerKind(fileType) !== null
}
