// End-to-end tests and Lighthouse use Debian's Chromium, never a downloaded browser build.
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error("Chromium not found. Install Debian's: apt-get update && apt-get install -y chromium");
  }
  return found;
}

// Flags this machine needs (no sandbox as root, no background network calls on a closed network).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
