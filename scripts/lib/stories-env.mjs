// The environment of a vitest run of the stories (npm test's stories lane, npm run visual).
//
// NODE_ENV=production: React, MUI and Emotion run their production builds in the stories' page,
// as shoppers and staff get them. The development builds check and warn on every render (the
// jsdom tests of the ui project keep those checks) and Emotion inserts one <style> per rule there.
// Measured on 26 story files: 561 s on development builds, 499 s on production builds. It is the
// process's environment, not the storybook project's `define`: vitest moves a `process.env.*`
// define into its own process's environment, where every other project of the run would read it.
// VITRINE_STORIES_DEV=1 keeps the development builds (their warnings, MUI's icon test ids).
export function storiesEnv(env = process.env) {
  return env.VITRINE_STORIES_DEV === '1' ? {} : { NODE_ENV: 'production' };
}
