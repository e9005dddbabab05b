import '@/components/theme.css';
import { loadAfterFirstFrame } from '@/utils/ui/load-after-first-frame';

loadAfterFirstFrame(() => import('./mount'));
