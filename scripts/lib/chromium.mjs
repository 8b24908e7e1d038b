// Debian's chromium and its launch flags, shared by the scripts (mirrors vite.config.ts's
// chromiumLaunchOptions, which a plain .mjs script cannot import without a TS loader).
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
