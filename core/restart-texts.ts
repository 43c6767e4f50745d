// The restart checklist's spec texts (§8 Error catalogue), apart from its schema so that a page
// that only shows the success notice (every list: app/components/form/flash-notice.tsx) does not
// load zod for it.

export const RESTART_SUBMITTED = 'Restart checklist submitted successfully.'
export const RESTART_FAILED = 'Problem occurred while submitting restart checklist.'
