import { createContext } from 'react';
import type { KeyStatus } from '@/utils/messaging/protocol';

/**
 * What the background said about the stored key, for entries deep in the lists to tell whether their
 * service is still configured. Undefined until the background answered: nothing is labelled on a guess.
 */
export const KeyStatusContext = createContext<KeyStatus | undefined>(undefined);
