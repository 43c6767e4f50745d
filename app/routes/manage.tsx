import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const access = sectionMenu('/manage').access

export const handle = { crumbs: [{ label: 'Admin', to: '/manage' }] }
export const loader = sectionMenuLoader('/manage')
export default SectionMenuPage
