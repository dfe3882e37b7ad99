import { benchApiOverhead } from './api-overhead';

// `npm run bench`: every benchmark, each writing JSON + markdown under bench/results/.
await benchApiOverhead();
process.exit(0);
