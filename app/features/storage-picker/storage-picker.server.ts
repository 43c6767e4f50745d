// The storage picker's loader, for its three pages: /storage (view mode: a card opens the storage's
// page) and /manage-storage, /edit-storage (manage mode: a card opens the storage form). The
// grower is chosen with the CompanyPicker (?company=Name, so it works without JavaScript); its
// storages show as cards, and whoever holds api.view_customerinteraction sees its customer panel.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen, type Access } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { hasPermission, type SessionUser } from '#core/permissions.ts'
import { getDb } from '#db/client.server.ts'
import { growerById } from '#db/queries/companies.ts'
import { customerPanel, storageCards } from '#db/queries/storages.ts'
import { loadCompanyPicker } from '#app/components/form/company-picker.server.ts'

/** view: cards open the storage's page; manage: the storage form, with Add Storage; edit: the storage form only */
export type PickerMode = 'view' | 'manage' | 'edit'

/** Spec: the user's company name followed by Storage Data, or Grower Storage Data. */
export function pickerHeading(user: Pick<SessionUser, 'company_name'>): string {
  return user.company_name ? `${user.company_name} Storage Data` : 'Grower Storage Data'
}

export async function loadStoragePicker({ request }: LoaderFunctionArgs, access: Access, mode: PickerMode) {
  const user = await requireAccess(request, access)
  const db = getDb()
  const picker = await loadCompanyPicker(db, new URL(request.url), { activeOnly: false })
  const company = picker.company
  const showPanel = hasPermission(user, 'api.view_customerinteraction')
  const [storages, panel, active] = company
    ? await Promise.all([storageCards(db, company.id), showPanel ? customerPanel(db, company.id) : null, growerById(db, company.id, { activeOnly: true })])
    : [[], null, undefined]
  // each link only for whoever its page lets in; the forms take active growers only
  const may = (path: keyof typeof ACCESS) => mayOpen(user, ACCESS[path])
  return {
    mode,
    heading: pickerHeading(user),
    picker,
    storages,
    // dates as the server's calendar day (yyyy-mm-dd), as the notes' own list shows them
    panel: panel && { ...panel, interactions: panel.interactions.map(({ created_at, ...note }) => ({ ...note, date: created_at.toLocaleDateString('en-CA') })) },
    links: {
      /** cards open the storage form (manage mode) */
      editStorage: mode !== 'view' && may('/edit-storage'),
      addStorage: mode === 'manage' && may('/add-storage'),
      storageCheck: !!active && may('/storage-check-form'),
      interactionForm: !!active && may('/interaction-form'),
      contacts: may('/view-contact'),
      interactions: may('/view-interaction'),
    },
  }
}

export type StoragePickerData = Awaited<ReturnType<typeof loadStoragePicker>>
