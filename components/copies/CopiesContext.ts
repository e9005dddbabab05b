import { createContext } from 'react';
import type { Copies } from '@/utils/copies/copies-schema';

/** Each entry's kept-copy record, for the files and actions deep in the lists; empty until storage answered. */
export const CopiesContext = createContext<Copies['entries']>({});
