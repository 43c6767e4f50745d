// Tools the tests and the bench run from Debian's packages (HAProxy, PgBouncer): installed with
// apt-get when missing and running as root, as the browser tests install Chromium.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** The path of `binary`, installing Debian's `pkg` first when it is missing. */
export function debianTool(binary: string, pkg: string): string {
  if (fs.existsSync(binary)) return binary
  if (process.getuid?.() !== 0) throw new Error(`${nameOf(binary)} is not installed: apt-get install -y ${pkg}`)
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  return binary
}

const nameOf = (binary: string) => binary.slice(binary.lastIndexOf('/') + 1)
