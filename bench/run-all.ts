import { benchApiOverhead } from './api-overhead';
import { benchPdf } from './pdf';
import { benchPdfLargestImage } from './pdf-largest-image';

// `npm run bench`: every benchmark, each writing JSON + markdown under bench/results/.
await benchApiOverhead();
await benchPdf();
await benchPdfLargestImage();
process.exit(0);
