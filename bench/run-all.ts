import { benchApiOverhead } from './api-overhead';
import { benchPdf } from './pdf';

// `npm run bench`: every benchmark, each writing JSON + markdown under bench/results/.
await benchApiOverhead();
await benchPdf();
process.exit(0);
