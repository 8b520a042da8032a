import { nodeTestConfig } from '../vitest.shared.mts';

// API files run side by side on their own databases; the browser test shares the machine's 2 cores.
export default nodeTestConfig({ testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2 });
