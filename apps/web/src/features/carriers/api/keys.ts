import { directoryKey } from '../../../lib/api/shared-keys';

// A carrier's page sits below the shared directory key: a write anywhere (here, or a carrier added
// inline on a claim file's form) refreshes it with the lists and the pickers.
export const carrierKey = (id: string) => [...directoryKey, 'carrier', id] as const;
