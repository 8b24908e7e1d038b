// Types of chromium.mjs, so the TypeScript e2e config and tests can share the launch options.
export declare const chromiumLaunchOptions: {
  executablePath: string;
  args: string[];
};
