/** The print summary's name: its title, its light box's name, its PDF's file name (shared by server and browser). */
export const SUMMARY_TITLE = 'Pre-Treat Summary'
