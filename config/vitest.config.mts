import { nodeTestConfig } from '../vitest.shared.mts';

export default nodeTestConfig();
